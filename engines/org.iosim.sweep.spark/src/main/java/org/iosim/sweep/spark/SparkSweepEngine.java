package org.iosim.sweep.spark;

import java.io.File;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.IntStream;

import org.apache.spark.SimpleFutureAction;
import org.apache.spark.SparkConf;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.iosim.engine.ProgressMonitor;
import org.iosim.engine.RunCancelledException;
import org.iosim.run.RunFailure;
import org.iosim.sweep.ReplicationResult;
import org.iosim.sweep.SweepDefinition;
import org.iosim.sweep.SweepEngine;
import org.iosim.sweep.SweepMonitor;
import org.iosim.sweep.SweepPlan;
import org.iosim.sweep.SweepTask;
import org.iosim.sweep.SweepTaskRunner;

import scala.runtime.AbstractFunction0;
import scala.runtime.AbstractFunction1;
import scala.runtime.AbstractFunction2;
import scala.runtime.BoxedUnit;
import scala.util.Try;

/**
 * Runs a sweep's tasks on Apache Spark: each (point, replication) is one Spark task (a partition of
 * one task), or, for sweeps whose files hold several points, all tasks of one file's points are one
 * (see {@link #partitions}). The definition travels to the executors as its JSON form, each executor rebuilding a
 * {@link SweepTaskRunner} from it once; tasks and their {@link ReplicationResult}s travel by Java
 * serialization, which keeps every figure's bits, so the sweep's files are the same as with the local
 * engine. Results come back to this JVM as each task finishes and are handed on from the calling thread.
 * <p>
 * Executors read the model where the definition says, made absolute against this JVM's working
 * folder: in local mode that is this machine; a standalone cluster's executors need the same paths
 * (a shared folder). The IOSim jars of this JVM's classpath are sent to a cluster with the job.
 */
public final class SparkSweepEngine implements SweepEngine {

	static final String APP_NAME = "IOSim sweep";

	/** Log configuration used unless the JVM names one (Spark's default logs every stage at INFO). */
	private static final String LOG_CONFIGURATION = "org/iosim/sweep/spark/log4j2.properties";

	private final SweepTaskRunner runner;
	private final String master;

	/**
	 * @param runner the runner that checked the sweep's points, which executors in this JVM (local mode)
	 *               use; null to have every executor make its own from the definition's JSON form, as
	 *               a cluster's do
	 * @param master a Spark master URL, checked by {@link SparkSweepEngineProvider}
	 */
	public SparkSweepEngine(SweepTaskRunner runner, String master) {
		this.runner = runner;
		this.master = master;
	}

	public String master() {
		return master;
	}

	@Override
	public void run(SweepPlan plan, List<SweepTask> tasks, SweepMonitor monitor, Consumer<ReplicationResult> finished)
			throws RunFailure, RunCancelledException {
		if (tasks.isEmpty()) {
			return;
		}
		String definition = plan.definition().absolute(Path.of("")).toJson();
		boolean local = SparkMaster.isLocal(master);
		boolean lent = local && runner != null;
		if (lent) {
			ExecutorRunners.lend(definition, runner);
		}
		if (System.getProperty("log4j2.configurationFile") == null) {
			System.setProperty("log4j2.configurationFile", LOG_CONFIGURATION);
		}
		try (JavaSparkContext spark = new JavaSparkContext(configuration(local))) {
			run(spark, definition, partitions(tasks, plan.definition()), tasks.size(), monitor,
					finished);
		} finally {
			if (lent) {
				ExecutorRunners.forget(definition);
			}
		}
	}

	private SparkConf configuration(boolean local) {
		SparkConf conf = new SparkConf().setMaster(master).setAppName(APP_NAME)
				// each result goes to the sweep as it comes; together a million points exceed the default 1 GB
				.set("spark.driver.maxResultSize", "0");
		if (local) {
			// no web UI for a run on this machine: it would take a port per sweep and show what progress lines say
			conf.set("spark.ui.enabled", "false");
		} else if (!conf.contains("spark.jars")) {
			// (spark-submit names the jars itself: those of its --jars, which are not on java.class.path)
			conf.setJars(iosimJars().toArray(String[]::new));
		}
		return conf;
	}

	/**
	 * The jars executors need besides Spark's own: this JVM's classpath without Spark, Scala and Hadoop,
	 * which a cluster's executors have.
	 */
	static List<String> iosimJars() {
		List<String> jars = new ArrayList<>();
		for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
			String name = new File(entry).getName();
			if (name.endsWith(".jar") && !name.startsWith("spark-") && !name.startsWith("scala-")
					&& !name.startsWith("hadoop-client-")) {
				jars.add(new File(entry).getAbsolutePath());
			}
		}
		return jars;
	}

	/**
	 * The Spark tasks: one per (point, replication) where each point has a file of its own, so that
	 * a few long points spread over the cluster; else the tasks of one file of points each, so that
	 * a sweep of a million small points is a thousand Spark tasks, each as long as a file's points
	 * take, and comes back a file at a time.
	 */
	static List<ArrayList<SweepTask>> partitions(List<SweepTask> tasks, SweepDefinition sweep) {
		List<ArrayList<SweepTask>> partitions = new ArrayList<>();
		int file = -1;
		for (SweepTask task : tasks) {
			if (sweep.pointsPerFile() == 1 || sweep.fileOf(task.point()) != file) {
				partitions.add(new ArrayList<>());
				file = sweep.fileOf(task.point());
			}
			partitions.get(partitions.size() - 1).add(task);
		}
		return partitions;
	}

	private static void run(JavaSparkContext spark, String definition, List<ArrayList<SweepTask>> tasks, int count,
			SweepMonitor monitor, Consumer<ReplicationResult> finished) throws RunFailure, RunCancelledException {
		JavaRDD<ArrayList<SweepTask>> rdd = spark.parallelize(tasks, tasks.size());
		BlockingQueue<TaskOutcome> outcomes = new LinkedBlockingQueue<>();
		List<Object> partitions = IntStream.range(0, tasks.size()).boxed().map(Object.class::cast).toList();
		SimpleFutureAction<BoxedUnit> job = spark.sc().submitJob(rdd.rdd(), new RunTasks(definition),
				scala.jdk.javaapi.CollectionConverters.asScala(partitions).toSeq(), new Collect(outcomes),
				new Done());
		try {
			int received = 0;
			while (received < count) {
				if (monitor.isCancelled()) {
					job.cancel();
					throw new RunCancelledException();
				}
				TaskOutcome outcome = outcomes.poll(100, TimeUnit.MILLISECONDS);
				if (outcome == null) {
					failIfJobFailed(job);
					continue;
				}
				received++;
				if (outcome.cancelled()) {
					job.cancel();
					throw new RunCancelledException();
				}
				if (outcome.failure() != null) {
					job.cancel();
					throw new RunFailure(outcome.failure(), outcome.message());
				}
				finished.accept(outcome.result());
			}
		} catch (InterruptedException interrupted) {
			job.cancel();
			Thread.currentThread().interrupt();
			throw new RunCancelledException();
		}
	}

	/** A job that ended without all its results: an executor lost for good, a task that threw. */
	private static void failIfJobFailed(SimpleFutureAction<BoxedUnit> job) throws RunFailure {
		if (job.isCompleted()) {
			Try<BoxedUnit> ended = job.value().get();
			if (ended.isFailure()) {
				Throwable cause = ended.failed().get();
				String message = cause.getMessage() == null ? cause.toString() : cause.getMessage().lines().findFirst()
						.orElse(cause.toString());
				throw new RunFailure(RunFailure.Kind.INVALID, "the Spark job failed: " + message);
			}
		}
	}

	/** Runs on an executor: the partition's tasks in order, with the executor's runner of the sweep, until one fails. */
	static final class RunTasks
			extends AbstractFunction1<scala.collection.Iterator<ArrayList<SweepTask>>, ArrayList<TaskOutcome>>
			implements Serializable {

		private static final long serialVersionUID = 1L;

		private final String definition;

		RunTasks(String definition) {
			this.definition = definition;
		}

		@Override
		public ArrayList<TaskOutcome> apply(scala.collection.Iterator<ArrayList<SweepTask>> partition) {
			TaskContext context = TaskContext.get();
			ProgressMonitor monitor = new ProgressMonitor() {
				@Override
				public void progress(Progress progress) {
				}

				@Override
				public boolean isCancelled() {
					return context != null && context.isInterrupted();
				}
			};
			SweepTaskRunner runner = ExecutorRunners.of(definition);
			ArrayList<TaskOutcome> outcomes = new ArrayList<>();
			for (SweepTask task : partition.next()) {
				try {
					outcomes.add(TaskOutcome.finished(runner.run(task, monitor)));
				} catch (RunFailure failure) {
					outcomes.add(TaskOutcome.failed(failure));
					break;
				} catch (RunCancelledException cancelled) {
					outcomes.add(TaskOutcome.stopped());
					break;
				}
			}
			return outcomes;
		}
	}

	/** On the driver, as each Spark task finishes: hands its outcomes to the sweep's thread. */
	private static final class Collect extends AbstractFunction2<Object, ArrayList<TaskOutcome>, BoxedUnit> {

		private final BlockingQueue<TaskOutcome> outcomes;

		Collect(BlockingQueue<TaskOutcome> outcomes) {
			this.outcomes = outcomes;
		}

		@Override
		public BoxedUnit apply(Object partition, ArrayList<TaskOutcome> finished) {
			outcomes.addAll(finished);
			return BoxedUnit.UNIT;
		}
	}

	private static final class Done extends AbstractFunction0<BoxedUnit> {
		@Override
		public BoxedUnit apply() {
			return BoxedUnit.UNIT;
		}
	}
}
