package io.tablecast.embedded;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * A dependency of the embedded runtime that died or stopped answering while it ran, as the
 * {@link EmbeddedRuntime#watch watchdog} reports it.
 *
 * @param dependency which one: {@link Dependency#AZURITE} or {@link Dependency#KAFKA}
 * @param message one line for a person: what happened, the pid and exit code where known, and
 *     where its log is
 */
public record DependencyFailure(Dependency dependency, String message) {

  /** The two dependencies of the runtime. */
  public enum Dependency {
    AZURITE,
    KAFKA
  }

  public DependencyFailure {
    Objects.requireNonNull(dependency, "'dependency' cannot be null.");
    Objects.requireNonNull(message, "'message' cannot be null.");
  }

  static DependencyFailure azuriteExited(long pid, int exitCode, Path log) {
    return new DependencyFailure(Dependency.AZURITE,
        "Azurite (node, pid " + pid + ") exited unexpectedly with code " + exitCode + "; its log is " + log);
  }

  static DependencyFailure kafkaUnanswered(String bootstrapServers, int probes, Duration interval, String lastError, Path dataDir) {
    return new DependencyFailure(Dependency.KAFKA,
        "The Kafka broker at " + bootstrapServers + " (in this process, pid " + ProcessHandle.current().pid()
            + ") stopped answering: " + probes + " probes " + interval.toSeconds() + " s apart failed (last: " + lastError
            + "); its messages are in this output, its data in " + dataDir);
  }
}
