package io.tablecast.testkit;

import io.tablecast.common.config.Namespace;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.embedded.RuntimeOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * JUnit 5 extension that gives integration tests the shared embedded runtime and a fresh
 * {@link Namespace} for their topics, tables and queues.
 *
 * <pre>{@code
 * @ExtendWith(TablecastRuntimeExtension.class)
 * class ProjectorIT {
 *   @Test
 *   void projectsAHire(EmbeddedRuntime runtime, Namespace ns) { ... }
 * }
 * }</pre>
 *
 * <p>Guarantees:
 *
 * <ul>
 *   <li>One {@link EmbeddedRuntime} per test JVM, started on free ports by the first test that
 *       asks for it, and stopped when the JVM's test run ends (it lives in the root store); its
 *       data directory, {@code target/tablecast-it-runtime-<random>} under the working directory,
 *       is deleted then if every step of the stop finished in time, and kept otherwise (and
 *       {@link KafkaHalts} keeps a broker whose files went from halting the JVM).
 *   <li>A {@link Namespace} parameter is fresh for each test method, and the same in that
 *       method's {@code @BeforeEach}/{@code @AfterEach}; a constructor or {@code @BeforeAll}
 *       parameter gets one per test class. Tests sharing the runtime therefore never see each
 *       other's topics, consumer groups, tables or queues.
 * </ul>
 */
public final class TablecastRuntimeExtension implements ParameterResolver {

  private static final Logger log = LoggerFactory.getLogger(TablecastRuntimeExtension.class);
  private static final ExtensionContext.Namespace STORE =
      ExtensionContext.Namespace.create(TablecastRuntimeExtension.class);
  private static final String PREFIX_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
  private static final SecureRandom RANDOM = new SecureRandom();

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == EmbeddedRuntime.class || type == Namespace.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == EmbeddedRuntime.class ? runtime(context) : namespace(context);
  }

  /** The shared runtime, for other extensions that build fixtures on it. */
  public static EmbeddedRuntime runtime(ExtensionContext context) {
    return context.getRoot().getStore(STORE)
        .getOrComputeIfAbsent(SharedRuntime.class, key -> SharedRuntime.start(), SharedRuntime.class)
        .runtime();
  }

  /** The namespace of the test (or class) that {@code context} belongs to. */
  public static Namespace namespace(ExtensionContext context) {
    // The method-level context is shared by @BeforeEach, the test and @AfterEach.
    return context.getStore(STORE)
        .getOrComputeIfAbsent(Namespace.class, key -> freshNamespace(), Namespace.class);
  }

  /** {@code "t"} and 7 random lower-case letters and digits. */
  static Namespace freshNamespace() {
    StringBuilder prefix = new StringBuilder("t");
    for (int i = 0; i < 7; i++) {
      prefix.append(PREFIX_ALPHABET.charAt(RANDOM.nextInt(PREFIX_ALPHABET.length())));
    }
    return new Namespace(prefix.toString());
  }

  /** The runtime shared by a test JVM, with the data directory it deletes when closed. */
  record SharedRuntime(EmbeddedRuntime runtime, Path dataDir) implements AutoCloseable {

    static SharedRuntime start() {
      Path dataDir = Path.of("target", "tablecast-it-runtime-" + freshNamespace().prefix().substring(1))
          .toAbsolutePath();
      return new SharedRuntime(EmbeddedRuntime.start(RuntimeOptions.freePorts(dataDir)), dataDir);
    }

    @Override
    public void close() {
      runtime.close();
      if (runtime.stoppedCleanly()) {
        deleteRecursively(dataDir);
      } else {
        // A step that overran may still be running: Kafka, its files deleted under it, would halt the JVM.
        log.warn("The embedded runtime did not stop cleanly; its data directory {} is kept", dataDir);
      }
    }
  }

  static void deleteRecursively(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
      log.debug("Deleted {}", dir);
    } catch (IOException e) {
      throw new UncheckedIOException("Could not delete the runtime's data directory " + dir, e);
    }
  }
}
