package io.tablecast.embedded;

import io.tablecast.common.config.HttpSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A PKCS12 keystore made by the JDK's {@code keytool} for a test or a local run: an EC key and a
 * self-signed certificate for {@code localhost} and {@code 127.0.0.1}, valid for two days. Its
 * clients trust it with {@link HttpSettings.Keystore#trustingContext()}. The testkit's HTTPS
 * Azurite uses it.
 */
public final class SelfSignedKeystore {

  public static final String PASSWORD = "test-secret";
  private static final String ALIAS = "tablecast";

  private SelfSignedKeystore() {}

  /** Generates a keystore, {@code server.p12}, in {@code dir} (made if missing). */
  public static HttpSettings.Keystore create(Path dir) {
    Path file = dir.toAbsolutePath().resolve("server.p12");
    Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
    List<String> command = List.of(keytool.toString(), "-genkeypair", "-alias", ALIAS, "-keyalg", "EC",
        "-groupname", "secp256r1", "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1",
        "-validity", "2", "-storetype", "PKCS12", "-keystore", file.toString(),
        "-storepass", PASSWORD, "-keypass", PASSWORD);
    try {
      Files.createDirectories(dir);
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0 || !Files.exists(file)) {
        throw new IllegalStateException("keytool failed: " + output);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    return new HttpSettings.Keystore(file, PASSWORD);
  }
}
