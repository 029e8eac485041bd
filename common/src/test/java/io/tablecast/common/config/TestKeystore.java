package io.tablecast.common.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A PKCS12 keystore for this module's TLS tests: an EC key and a self-signed certificate for
 * {@code localhost} and {@code 127.0.0.1}, made once with the JDK's {@code keytool} (valid for a
 * century) and kept in {@code src/test/resources/tls}. Other modules make theirs at test time with
 * the embedded runtime's {@code SelfSignedKeystore}, which this module cannot depend on.
 */
public final class TestKeystore {

  public static final String PASSWORD = "test-secret";
  private static final String RESOURCE = "/tls/localhost.p12";

  private TestKeystore() {}

  /** Copies the keystore to {@code server.p12} in {@code dir} (made if missing). */
  public static HttpSettings.Keystore copyTo(Path dir) {
    Path file = dir.toAbsolutePath().resolve("server.p12");
    try (InputStream in = TestKeystore.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("The test resource " + RESOURCE + " is missing");
      }
      Files.createDirectories(dir);
      Files.copy(in, file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new HttpSettings.Keystore(file, PASSWORD);
  }
}
