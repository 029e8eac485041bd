package io.tablecast.devmode;

import io.tablecast.projector.Recovery;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The previous dev mode in a data directory, which did not stop cleanly (kill -9, a power cut, a
 * dependency that died). Its pid and worker instance are unknown when its record was torn.
 *
 * @param pid the JVM that ran it
 * @param workerInstance the instance id of its queue workers, whose leases are void
 */
record CrashedRun(OptionalLong pid, Optional<String> workerInstance) {

  CrashedRun {
    Objects.requireNonNull(pid, "'pid' cannot be null.");
    Objects.requireNonNull(workerInstance, "'workerInstance' cannot be null.");
  }

  static CrashedRun of(RunRecord record) {
    return new CrashedRun(OptionalLong.of(record.pid()), Optional.of(record.workerInstance()));
  }

  /** A run whose record is there but cannot be read whole. */
  static CrashedRun unreadable() {
    return new CrashedRun(OptionalLong.empty(), Optional.empty());
  }

  /** What the projector does about it at start: re-queue pending work, void the dead leases. */
  Recovery recovery() {
    return workerInstance.map(Recovery::afterCrashOf).orElseGet(() -> new Recovery(true, Optional.empty()));
  }

  /** The line dev mode prints at start. */
  String notice() {
    String who = pid.isPresent() ? "pid " + pid.getAsLong() : "pid unknown";
    return "The previous run (" + who + ") did not stop cleanly; re-applying what the store lost and re-queuing pending work.";
  }
}
