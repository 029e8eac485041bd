package io.tablecast.common.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Collections;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * Where an HTTP service listens, how much it takes on, and whether it speaks TLS.
 *
 * @param host {@code TABLECAST_HTTP_HOST}, default {@code 127.0.0.1}; containers set {@code 0.0.0.0}
 * @param port the service's own variable, for example {@code TABLECAST_COMMANDS_PORT}
 * @param maxBodyBytes {@code TABLECAST_HTTP_MAX_BODY_BYTES}, default 64 KiB (SPEC §5): a larger
 *     request body gets 413 before any of it is parsed
 * @param maxInFlight {@code TABLECAST_HTTP_MAX_IN_FLIGHT}, default {@value #DEFAULT_MAX_IN_FLIGHT}:
 *     requests handled at once; one more gets 429 with {@code Retry-After} instead of waiting in a
 *     queue. {@code /health}, {@code /metrics} and {@code /openapi.json} are not counted.
 * @param keystore {@code TABLECAST_HTTP_KEYSTORE} and {@code TABLECAST_HTTP_KEYSTORE_PASSWORD}: a
 *     PKCS12 keystore; when there is one, the service speaks HTTPS only
 */
public record HttpSettings(String host, int port, int maxBodyBytes, int maxInFlight, Optional<Keystore> keystore) {

  public static final int DEFAULT_MAX_BODY_BYTES = 64 * 1024;
  /** The largest body limit that may be configured: bodies are read whole into memory. */
  public static final int MAX_BODY_BYTES_CEILING = 16 * 1024 * 1024;
  /**
   * At or above what the commands benchmark drives (256 clients with one request each), and far
   * below what a commands instance could hold waiting for the processor without running out of
   * threads and memory.
   */
  public static final int DEFAULT_MAX_IN_FLIGHT = 256;
  public static final int MAX_IN_FLIGHT_CEILING = 4096;

  public HttpSettings {
    java.util.Objects.requireNonNull(keystore, "keystore");
    if (maxBodyBytes < 1 || maxBodyBytes > MAX_BODY_BYTES_CEILING) {
      throw new IllegalArgumentException("'maxBodyBytes' must be within 1.." + MAX_BODY_BYTES_CEILING + ", was " + maxBodyBytes);
    }
    if (maxInFlight < 1 || maxInFlight > MAX_IN_FLIGHT_CEILING) {
      throw new IllegalArgumentException("'maxInFlight' must be within 1.." + MAX_IN_FLIGHT_CEILING + ", was " + maxInFlight);
    }
  }

  /** Plain HTTP on {@code host:port} with the default limits. */
  public HttpSettings(String host, int port) {
    this(host, port, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_IN_FLIGHT, Optional.empty());
  }

  public static HttpSettings fromEnv(Env env, String portVariable, int defaultPort) {
    return new HttpSettings(
        env.string("TABLECAST_HTTP_HOST", "127.0.0.1"),
        env.integer(portVariable, defaultPort, 0, 65535),
        env.integer("TABLECAST_HTTP_MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES, 1024, MAX_BODY_BYTES_CEILING),
        env.integer("TABLECAST_HTTP_MAX_IN_FLIGHT", DEFAULT_MAX_IN_FLIGHT, 1, MAX_IN_FLIGHT_CEILING),
        Keystore.fromEnv(env));
  }

  public HttpSettings withLimits(int maxBodyBytes, int maxInFlight) {
    return new HttpSettings(host, port, maxBodyBytes, maxInFlight, keystore);
  }

  public HttpSettings withKeystore(Keystore keystore) {
    return new HttpSettings(host, port, maxBodyBytes, maxInFlight, Optional.of(keystore));
  }

  /** {@code https} with a keystore, {@code http} without. */
  public String scheme() {
    return keystore.isPresent() ? "https" : "http";
  }

  /**
   * A PKCS12 keystore holding the server's private key and certificate chain.
   *
   * <p>{@link #toString} leaves the password out, so that settings can be logged.
   */
  public record Keystore(Path path, String password) {

    public static final String TYPE = "PKCS12";

    public Keystore {
      if (password == null) {
        throw new IllegalArgumentException("'password' must not be null");
      }
    }

    /**
     * The keystore the variables name, opened once here so that a wrong path or password stops
     * the service at start with the variable named, not at its first TLS handshake.
     */
    static Optional<Keystore> fromEnv(Env env) {
      Optional<String> path = env.optional("TABLECAST_HTTP_KEYSTORE");
      if (path.isEmpty()) {
        return Optional.empty();
      }
      String password = env.optional("TABLECAST_HTTP_KEYSTORE_PASSWORD").orElseThrow(() -> new ConfigException(
          "TABLECAST_HTTP_KEYSTORE_PASSWORD must be set when TABLECAST_HTTP_KEYSTORE is"));
      Keystore keystore = new Keystore(Path.of(path.get()), password);
      keystore.check();
      return Optional.of(keystore);
    }

    /** Opens the keystore and requires a private key in it; the message names the variable. */
    void check() {
      if (!Files.isReadable(path)) {
        throw new ConfigException("TABLECAST_HTTP_KEYSTORE names no readable file: " + path);
      }
      try (InputStream in = Files.newInputStream(path)) {
        KeyStore store = KeyStore.getInstance(TYPE);
        store.load(in, password.toCharArray());
        boolean hasKey = false;
        for (String alias : Collections.list(store.aliases())) {
          hasKey |= store.isKeyEntry(alias);
        }
        if (!hasKey) {
          throw new ConfigException("TABLECAST_HTTP_KEYSTORE holds no private key: " + path);
        }
      } catch (IOException | GeneralSecurityException e) {
        throw new ConfigException("TABLECAST_HTTP_KEYSTORE could not be opened as " + TYPE
            + " with TABLECAST_HTTP_KEYSTORE_PASSWORD (" + e.getMessage() + "): " + path);
      }
    }

    /**
     * A TLS client context that trusts the certificates in this keystore and nothing else: for the
     * clients of a server with a self-signed certificate, such as tests.
     */
    public SSLContext trustingContext() {
      try (InputStream in = Files.newInputStream(path)) {
        KeyStore server = KeyStore.getInstance(TYPE);
        server.load(in, password.toCharArray());
        KeyStore trusted = KeyStore.getInstance(TYPE);
        trusted.load(null, null);
        for (String alias : Collections.list(server.aliases())) {
          trusted.setCertificateEntry(alias, server.getCertificate(alias));
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(trusted);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
      } catch (IOException e) {
        throw new UncheckedIOException("Could not read the keystore " + path, e);
      } catch (GeneralSecurityException e) {
        throw new IllegalStateException("Could not trust the certificates of " + path, e);
      }
    }

    @Override
    public String toString() {
      return "Keystore[path=" + path + ", password=***]";
    }
  }
}
