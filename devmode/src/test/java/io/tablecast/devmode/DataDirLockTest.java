package io.tablecast.devmode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablecast.projector.Recovery;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataDirLockTest {

  @TempDir Path dir;

  @Test
  void aFreshDirectoryHasNoCrashedRunAndGetsOnlyTheLockFile() throws Exception {
    Path dataDir = dir.resolve("data");
    try (DataDirLock lock = DataDirLock.acquire(dataDir)) {
      assertThat(lock.crashedRun()).isEmpty();
    }
    try (var files = Files.list(dataDir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly(DataDirLock.FILE_NAME);
    }
  }

  @Test
  void aSecondLockOnTheSameDirectoryIsRefusedNamingTheHolderAndChangesNothing() throws Exception {
    try (DataDirLock lock = DataDirLock.acquire(dir)) {
      lock.write(RunRecord.running("abc-123"));
      byte[] before = Files.readAllBytes(dir.resolve(DataDirLock.FILE_NAME));

      assertThatThrownBy(() -> DataDirLock.acquire(dir))
          .isInstanceOf(StartRefused.class)
          .hasMessage("Dev mode is already running in " + dir.toAbsolutePath().normalize() + " (pid "
              + ProcessHandle.current().pid() + "); stop it first, or give this one another --data-dir.");

      assertThat(Files.readAllBytes(dir.resolve(DataDirLock.FILE_NAME))).isEqualTo(before);
    }
  }

  @Test
  void aRunLeftRunningIsACrashWhoseWorkersTheProjectorRecovers() {
    try (DataDirLock lock = DataDirLock.acquire(dir)) {
      lock.write(new RunRecord(4242, "dead-workers", false));
    }

    try (DataDirLock lock = DataDirLock.acquire(dir)) {
      CrashedRun crash = lock.crashedRun().orElseThrow();
      assertThat(crash.recovery()).isEqualTo(Recovery.afterCrashOf("dead-workers"));
      assertThat(crash.notice()).startsWith("The previous run (pid 4242) did not stop cleanly;");
    }
  }

  @Test
  void aRunThatStoppedCleanlyIsNoCrash() {
    try (DataDirLock lock = DataDirLock.acquire(dir)) {
      lock.write(RunRecord.running("a-much-longer-instance-id").stopped());
      lock.write(new RunRecord(1, "short", true)); // shorter than before: no tail of the old one
    }

    try (DataDirLock lock = DataDirLock.acquire(dir)) {
      assertThat(lock.crashedRun()).isEmpty();
    }
  }

  @Test
  void aTornRecordCountsAsACrashOfUnknownWorkers() throws Exception {
    Files.writeString(dir.resolve(DataDirLock.FILE_NAME), "pid=12");

    try (DataDirLock lock = DataDirLock.acquire(dir)) {
      assertThat(lock.crashedRun()).hasValueSatisfying(crash -> {
        assertThat(crash.recovery()).isEqualTo(new Recovery(true, Optional.empty()));
        assertThat(crash.notice()).startsWith("The previous run (pid unknown) did not stop cleanly;");
      });
    }
  }

  @Test
  void aFailedStartPutsBackTheRecordItFound() throws Exception {
    String crashed = new RunRecord(77, "crashed-workers", false).format();
    Files.writeString(dir.resolve(DataDirLock.FILE_NAME), crashed);

    try (DataDirLock lock = DataDirLock.acquire(dir)) {
      lock.write(RunRecord.running("mine"));
      lock.restorePrevious();
    }

    assertThat(Files.readString(dir.resolve(DataDirLock.FILE_NAME))).isEqualTo(crashed);
  }
}
