package io.tablecast.devmode;

import java.io.IOException;
import java.io.StringReader;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * What the lock file of a data directory says about the dev mode that runs, or last ran, there:
 * its pid, the instance id of its queue workers, and whether it stopped cleanly.
 *
 * <p>On disk it is a few {@code key=value} lines ({@code pid}, {@code workerInstance}, {@code
 * state=running|stopped}), so that a person can read it too.
 *
 * @param pid the dev-mode JVM
 * @param workerInstance the {@code WorkerSettings.instance()} of its queue workers
 * @param stoppedCleanly false while it runs, and forever if it never got to stop cleanly
 */
record RunRecord(long pid, String workerInstance, boolean stoppedCleanly) {

  private static final String RUNNING = "running";
  private static final String STOPPED = "stopped";

  RunRecord {
    Objects.requireNonNull(workerInstance, "'workerInstance' cannot be null.");
    if (pid < 1 || workerInstance.isBlank()) {
      throw new IllegalArgumentException("'pid' must be positive and 'workerInstance' not blank.");
    }
  }

  /** This JVM, running, with its workers as {@code workerInstance}. */
  static RunRecord running(String workerInstance) {
    return new RunRecord(ProcessHandle.current().pid(), workerInstance, false);
  }

  /** The same run, stopped cleanly. */
  RunRecord stopped() {
    return new RunRecord(pid, workerInstance, true);
  }

  String format() {
    return "# tablecast dev: who runs in this data directory, and whether the last run stopped cleanly\n"
        + "pid=" + pid + "\n"
        + "workerInstance=" + workerInstance + "\n"
        + "state=" + (stoppedCleanly ? STOPPED : RUNNING) + "\n";
  }

  /** The record in {@code text}, or empty if it holds none that is whole. */
  static Optional<RunRecord> parse(String text) {
    Properties properties = new Properties();
    try {
      properties.load(new StringReader(text));
    } catch (IOException | IllegalArgumentException e) {
      return Optional.empty();
    }
    String state = properties.getProperty("state", "").strip();
    try {
      long pid = Long.parseLong(properties.getProperty("pid", "").strip());
      String instance = properties.getProperty("workerInstance", "").strip();
      if (!state.equals(RUNNING) && !state.equals(STOPPED)) {
        return Optional.empty();
      }
      return Optional.of(new RunRecord(pid, instance, state.equals(STOPPED)));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }
}
