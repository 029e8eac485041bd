package io.tablecast.devmode;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.LoggerFactory;

/**
 * One line of dev mode's own when its data directory lies under the OS temp directory, which the OS
 * may clear: Kafka Streams would otherwise warn about its state directory (which dev mode keeps in
 * the data directory, {@code streams/}) at every start, although the note concerns the whole
 * directory, Kafka's log and Azurite's tables too.
 */
final class TempDirectoryNote {

  private static final String KAFKA_STREAMS_STATE_DIRECTORY = "org.apache.kafka.streams.processor.internals.StateDirectory";

  private TempDirectoryNote() {}

  /** The note, if {@code dataDir} is under {@code java.io.tmpdir}; Kafka Streams' warning is silenced either way. */
  static Optional<String> of(Path dataDir) {
    if (LoggerFactory.getLogger(KAFKA_STREAMS_STATE_DIRECTORY) instanceof Logger logback) {
      logback.setLevel(Level.ERROR);
    }
    Path temp = Path.of(System.getProperty("java.io.tmpdir")).toAbsolutePath().normalize();
    return dataDir.toAbsolutePath().normalize().startsWith(temp)
        ? Optional.of("Note: the data directory is under " + temp + ", which the OS may clear (at a reboot, say);"
            + " give --data-dir elsewhere to keep the data.")
        : Optional.empty();
  }
}
