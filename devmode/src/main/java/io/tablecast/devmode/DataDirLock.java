package io.tablecast.devmode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Optional;

/**
 * One dev mode per data directory: an OS lock on {@code <dataDir>/dev.lock}, whose content is the
 * {@link RunRecord} of the run that holds it, or of the last run.
 *
 * <p>Guarantees:
 *
 * <ul>
 *   <li>{@link #acquire} is the first thing that writes into the data directory; it creates the
 *       directory and the file if need be, and writes nothing else. When another process holds
 *       the lock it changes nothing and throws {@link StartRefused}, naming that process.
 *   <li>The lock is the operating system's ({@link FileChannel#tryLock()}): it dies with the process
 *       that holds it, so a kill -9 or a power cut leaves no stale lock, only a record that still
 *       says "running", which the next start reads as a crash ({@link #crashedRun()}).
 *   <li>The record is rewritten in place through the locked channel and forced to disk. Within
 *       this JVM the file is only ever opened through that channel: on Linux, closing any other
 *       channel on it would release the lock.
 * </ul>
 */
final class DataDirLock implements AutoCloseable {

  static final String FILE_NAME = "dev.lock";
  /** How long a refused start waits for the holder to write its record, to name its pid. */
  private static final Duration HOLDER_RECORD_WAIT = Duration.ofSeconds(2);

  private final Path dataDir;
  private final FileChannel channel;
  private final String previousText;

  private DataDirLock(Path dataDir, FileChannel channel, String previousText) {
    this.dataDir = dataDir;
    this.channel = channel;
    this.previousText = previousText;
  }

  /** Locks {@code dataDir} for this JVM, or throws {@link StartRefused} if another process has it. */
  static DataDirLock acquire(Path dataDir) {
    Path dir = dataDir.toAbsolutePath().normalize();
    Path file = dir.resolve(FILE_NAME);
    FileChannel channel = null;
    try {
      Files.createDirectories(dir);
      channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
      if (!tryLock(channel)) {
        channel.close();
        throw new StartRefused(heldBy(dir, file));
      }
      return new DataDirLock(dir, channel, read(channel));
    } catch (IOException e) {
      closeQuietly(channel);
      throw new StartRefused("Cannot use " + dir + " as the data directory: " + e);
    }
  }

  private static boolean tryLock(FileChannel channel) throws IOException {
    try {
      return channel.tryLock() != null;
    } catch (OverlappingFileLockException e) {
      return false; // this JVM already holds it
    }
  }

  private static String heldBy(Path dir, Path file) {
    long deadline = System.nanoTime() + HOLDER_RECORD_WAIT.toNanos();
    Optional<RunRecord> holder = Optional.empty();
    while (true) {
      try {
        // Another process holds the lock, so opening and closing the file here costs it nothing.
        holder = RunRecord.parse(Files.readString(file)).filter(r -> !r.stoppedCleanly())
            .filter(r -> ProcessHandle.of(r.pid()).isPresent());
      } catch (IOException e) {
        holder = Optional.empty();
      }
      if (holder.isPresent() || System.nanoTime() > deadline) {
        break;
      }
      pause(); // it has the lock but has not written its record yet
    }
    String who = holder.map(r -> "pid " + r.pid()).orElse("pid unknown");
    return "Dev mode is already running in " + dir + " (" + who + "); stop it first, or give this one another --data-dir.";
  }

  Path dataDir() {
    return dataDir;
  }

  /** The run before this one, if it did not stop cleanly; a torn record counts as such a run. */
  Optional<CrashedRun> crashedRun() {
    if (previousText.isBlank()) {
      return Optional.empty();
    }
    return RunRecord.parse(previousText)
        .map(record -> record.stoppedCleanly() ? Optional.<CrashedRun>empty() : Optional.of(CrashedRun.of(record)))
        .orElseGet(() -> Optional.of(CrashedRun.unreadable()));
  }

  /** Replaces the record with {@code record}, on disk before this returns. */
  void write(RunRecord record) {
    writeText(record.format());
  }

  /** Puts back the record that was there before this run, for a start that failed. */
  void restorePrevious() {
    writeText(previousText);
  }

  private void writeText(String text) {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    try {
      ByteBuffer buffer = ByteBuffer.wrap(bytes);
      while (buffer.hasRemaining()) {
        channel.write(buffer, buffer.position());
      }
      channel.truncate(bytes.length);
      channel.force(true);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not write the run record " + dataDir.resolve(FILE_NAME), e);
    }
  }

  /** Releases the lock. */
  @Override
  public void close() {
    try {
      channel.close();
    } catch (IOException e) {
      throw new UncheckedIOException("Could not release " + dataDir.resolve(FILE_NAME), e);
    }
  }

  private static String read(FileChannel channel) throws IOException {
    ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(channel.size(), 64 * 1024));
    while (buffer.hasRemaining() && channel.read(buffer, buffer.position()) > 0) {
      // read on until full or end of file
    }
    return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
  }

  private static void closeQuietly(FileChannel channel) {
    if (channel == null) {
      return;
    }
    try {
      channel.close();
    } catch (IOException e) {
      // Already failing with the exception that says why; a failed close adds nothing to it.
    }
  }

  private static void pause() {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
