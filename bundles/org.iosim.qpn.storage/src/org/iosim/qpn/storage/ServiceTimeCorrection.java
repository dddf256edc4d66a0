package org.iosim.qpn.storage;

/**
 * The service-time recalibration of 001 Eq. 7.10 for mixed workloads: μ*(s) = μ(s)·(1 − Δ(s)) with
 * Δ(s) = c₀ + c₁·ln(s) per request type, fitted to the relative prediction errors of the mixed model
 * at equal read and write sizes (s in bytes).
 */
public record ServiceTimeCorrection(double readConstant, double readPerLogSize, double writeConstant,
		double writePerLogSize) {

	public static final ServiceTimeCorrection NONE = new ServiceTimeCorrection(0, 0, 0, 0);

	public ServiceTimeCorrection {
		if (!Double.isFinite(readConstant + readPerLogSize + writeConstant + writePerLogSize)) {
			throw new IllegalArgumentException("correction coefficients must be finite");
		}
	}

	/** The factor 1 − Δ_r(s) for reads of s bytes. */
	public double read(double size) {
		return 1 - (readConstant + readPerLogSize * Math.log(size));
	}

	/** The factor 1 − Δ_w(s) for writes of s bytes. */
	public double write(double size) {
		return 1 - (writeConstant + writePerLogSize * Math.log(size));
	}
}
