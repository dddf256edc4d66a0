package org.iosim.sweep.spark;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Spark master a sweep runs on, checked before Spark starts, so that a mistyped URL or a master
 * that is not there is one clear line rather than Spark's stack trace (or, for an unreachable
 * standalone master, a minute of retries). Only masters spark-core itself runs are accepted: local
 * mode and a standalone cluster (YARN and Kubernetes need Spark modules IOSim does not carry).
 */
final class SparkMaster {

	private static final Pattern LOCAL = Pattern.compile("local(\\[(\\*|[1-9][0-9]*)(,[1-9][0-9]*)?\\])?");
	private static final Pattern STANDALONE = Pattern.compile("spark://([^,/:]+:[0-9]{1,5})(,[^,/:]+:[0-9]{1,5})*");
	private static final int CONNECT_TIMEOUT_MILLIS = 5_000;

	private SparkMaster() {
	}

	/**
	 * @param threads the cores of a local master, or null
	 * @param master  the URL given, or null for local mode (spark-submit's master when it started this JVM)
	 * @return the master URL to run on
	 * @throws IllegalArgumentException if the URL is not one Spark can run on, or a standalone master does not answer
	 */
	static String resolve(Integer threads, String master) {
		if (master == null) {
			if (threads != null) {
				if (threads < 1) {
					throw new IllegalArgumentException("--threads must be at least 1, got " + threads);
				}
				return "local[" + threads + "]";
			}
			// spark-submit passes its --master to the JVM it starts as this property
			String submitted = System.getProperty("spark.master");
			return submitted != null ? check(submitted) : "local[*]";
		}
		return check(master);
	}

	private static String check(String master) {
		String url = master.strip();
		if (LOCAL.matcher(url).matches()) {
			return url;
		}
		Matcher standalone = STANDALONE.matcher(url);
		if (!standalone.matches()) {
			throw new IllegalArgumentException("--master: '" + master + "' is not a Spark master IOSim runs on; give"
					+ " local[N], local[*] or spark://HOST:PORT (a standalone cluster)");
		}
		List<String> problems = new ArrayList<>();
		for (String address : url.substring("spark://".length()).split(",")) {
			int colon = address.lastIndexOf(':');
			String host = address.substring(0, colon);
			int port = Integer.parseInt(address.substring(colon + 1));
			if (port < 1 || port > 65_535) {
				throw new IllegalArgumentException("--master: port " + port + " of '" + master + "' is out of range");
			}
			try (Socket socket = new Socket()) {
				socket.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MILLIS);
				return url; // one master answering is enough: the others stand by
			} catch (java.net.UnknownHostException unknown) {
				problems.add(address + " (unknown host)");
			} catch (IOException unreachable) {
				problems.add(address + " (" + (unreachable.getMessage() != null ? unreachable.getMessage()
						: unreachable.getClass().getSimpleName()) + ")");
			}
		}
		throw new IllegalArgumentException("--master: cannot reach the Spark master at " + String.join(", ", problems));
	}

	static boolean isLocal(String master) {
		return LOCAL.matcher(master).matches();
	}
}
