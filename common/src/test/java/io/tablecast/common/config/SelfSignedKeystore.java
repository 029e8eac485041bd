package io.tablecast.common.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * A PKCS12 keystore made by the JDK's {@code keytool} for a test: an EC key and a self-signed
 * certificate for {@code localhost} and {@code 127.0.0.1}, and a client context that trusts it.
 */
public final class SelfSignedKeystore {

  public static final String PASSWORD = "test-secret";
  private static final String ALIAS = "tablecast";

  private SelfSignedKeystore() {}

  /** Generates a keystore in {@code dir}. */
  public static HttpSettings.Keystore create(Path dir) {
    Path file = dir.resolve("server.p12");
    Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
    List<String> command = List.of(keytool.toString(), "-genkeypair", "-alias", ALIAS, "-keyalg", "EC",
        "-groupname", "secp256r1", "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1",
        "-validity", "2", "-storetype", "PKCS12", "-keystore", file.toString(),
        "-storepass", PASSWORD, "-keypass", PASSWORD);
    try {
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

  /** A TLS client context that trusts exactly the certificate of {@code keystore}. */
  public static SSLContext trusting(HttpSettings.Keystore keystore) {
    try (InputStream in = Files.newInputStream(keystore.path())) {
      KeyStore server = KeyStore.getInstance(HttpSettings.Keystore.TYPE);
      server.load(in, keystore.password().toCharArray());
      KeyStore trusted = KeyStore.getInstance(HttpSettings.Keystore.TYPE);
      trusted.load(null, null);
      trusted.setCertificateEntry("server", server.getCertificate(ALIAS));
      TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      trust.init(trusted);
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, trust.getTrustManagers(), null);
      return context;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }
}
