package org.iosim.analysis.tests;

/** Provided through META-INF/services/org.iosim.analysis.IoAnalysisModelKind in this bundle. */
public final class ServiceLoaderTestKind extends ConstantDelayKind {

	public static final String ID = "test-service-loader";

	public ServiceLoaderTestKind() {
		super(ID);
	}
}
