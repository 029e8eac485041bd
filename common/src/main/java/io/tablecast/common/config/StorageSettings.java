package io.tablecast.common.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * How to reach Azure Storage (tables and queues), and with which credential ({@link #auth()}):
 *
 * <ul>
 *   <li>a connection string (an account key, or a SAS inside it);
 *   <li>endpoints with a SAS token: a service given a SAS can do only what the SAS allows, and the
 *       views service gets a read-only one (SPEC §7);
 *   <li>endpoints alone: Microsoft Entra ID, through azure-identity's {@code
 *       DefaultAzureCredential} (managed identity, workload identity, a developer's login). The
 *       roles assigned to that identity decide what the service may do; no secret is configured.
 * </ul>
 *
 * <p>From the environment: {@code TABLECAST_STORAGE_CONNECTION_STRING}; or {@code
 * TABLECAST_TABLE_ENDPOINT} (+ {@code TABLECAST_QUEUE_ENDPOINT}) with {@code TABLECAST_STORAGE_SAS}
 * or {@code TABLECAST_STORAGE_SAS_FILE} (a file holding the token, such as a mounted secret), or
 * with neither for Entra ID. {@code TABLECAST_STORAGE_AUTH} ({@code connection-string}, {@code
 * sas}, {@code entra-id}) may state the intent: the service then refuses to start when the other
 * variables say otherwise. With none of them, the local Azurite of dev mode is used.
 */
public record StorageSettings(
    Optional<String> connectionString,
    Optional<String> tableEndpoint,
    Optional<String> queueEndpoint,
    Optional<String> sasToken,
    Optional<Path> sasFile) {

  /** The credential a process presents to storage. */
  public enum Auth {
    /** The account key or SAS inside a connection string. */
    CONNECTION_STRING("connection-string"),
    /** A SAS token appended to each request. */
    SAS("sas"),
    /** A Microsoft Entra ID bearer token from {@code DefaultAzureCredential}. */
    ENTRA_ID("entra-id");

    private final String configName;

    Auth(String configName) {
      this.configName = configName;
    }

    /** The value of {@code TABLECAST_STORAGE_AUTH} that names it. */
    public String configName() {
      return configName;
    }

    static Auth parse(String name, String value) {
      for (Auth auth : values()) {
        if (auth.configName.equals(value.toLowerCase(Locale.ROOT))) {
          return auth;
        }
      }
      throw new ConfigException(name + " must be connection-string, sas or entra-id, was '" + value + "'");
    }
  }

  /** The well-known development account of the Azure Storage emulators. */
  public static final String AZURITE_ACCOUNT = "devstoreaccount1";

  /** Its key: public, the same in every emulator (a 512-bit base64 key). */
  static final String AZURITE_KEY =
      "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

  /** Azurite's well-known development account on its default ports. */
  public static final String AZURITE_DEFAULT =
      azuriteConnectionString("127.0.0.1", 10000, 10001, 10002);

  public StorageSettings {
    if (connectionString.isEmpty() && tableEndpoint.isEmpty()) {
      throw new IllegalArgumentException("Storage needs a connection string, or a table endpoint.");
    }
    if (connectionString.isPresent() && (tableEndpoint.isPresent() || sasToken.isPresent())) {
      throw new IllegalArgumentException("Storage takes a connection string, or endpoints, not both.");
    }
    if (sasFile.isPresent() && sasToken.isEmpty()) {
      throw new IllegalArgumentException("A SAS file comes with the token read from it.");
    }
  }

  public static StorageSettings ofConnectionString(String connectionString) {
    return new StorageSettings(
        Optional.of(connectionString), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
  }

  /**
   * Endpoints with a SAS: one token, or a pair on tables and queues and on their rows and messages
   * ({@link SasTokens}).
   *
   * @throws ConfigException for a text that is no such token or pair
   */
  public static StorageSettings ofSas(String tableEndpoint, String queueEndpoint, String sasToken) {
    return new StorageSettings(
        Optional.empty(),
        Optional.of(tableEndpoint),
        Optional.ofNullable(queueEndpoint),
        Optional.of(SasTokens.parse(sasToken).text()),
        Optional.empty());
  }

  /** The SAS as its token or pair of tokens; empty without a SAS. */
  public Optional<SasTokens> sasTokens() {
    return sasToken.map(SasTokens::parse);
  }

  /**
   * As {@link #ofSas}, with the token read from {@code file}, which the clients read again when
   * it changes: a SAS rotated in its file is taken without a restart.
   */
  public static StorageSettings ofSasFile(String tableEndpoint, String queueEndpoint, Path file) {
    try {
      String token = sasIn(file);
      if (token.isEmpty()) {
        throw new ConfigException("TABLECAST_STORAGE_SAS_FILE: " + file + " is empty");
      }
      return new StorageSettings(Optional.empty(), Optional.of(tableEndpoint), Optional.ofNullable(queueEndpoint),
          Optional.of(SasTokens.parse(token).text()), Optional.of(file));
    } catch (IOException e) {
      throw new ConfigException("TABLECAST_STORAGE_SAS_FILE: cannot read " + file + " (" + e + ")");
    }
  }

  /**
   * The SAS in {@code file}, or empty: a token or a pair ({@link SasTokens}), each of which, copied
   * from a portal or the az CLI, may start with the URL's '?'.
   */
  public static String sasIn(Path file) throws IOException {
    return Files.readString(file).strip();
  }

  /** Endpoints reached with a Microsoft Entra ID identity; {@code queueEndpoint} may be null. */
  public static StorageSettings ofEntraId(String tableEndpoint, String queueEndpoint) {
    return new StorageSettings(
        Optional.empty(), Optional.of(tableEndpoint), Optional.ofNullable(queueEndpoint), Optional.empty(), Optional.empty());
  }

  /** Which credential these settings present: follows from what they hold. */
  public Auth auth() {
    if (connectionString.isPresent()) {
      return Auth.CONNECTION_STRING;
    }
    return sasToken.isPresent() ? Auth.SAS : Auth.ENTRA_ID;
  }

  public static StorageSettings fromEnv(Env env) {
    Optional<Auth> stated = env.optional("TABLECAST_STORAGE_AUTH").map(v -> Auth.parse("TABLECAST_STORAGE_AUTH", v));
    StorageSettings settings = fromVariables(env, stated.isPresent());
    if (stated.isPresent() && stated.get() != settings.auth()) {
      throw new ConfigException("TABLECAST_STORAGE_AUTH is " + stated.get().configName() + ", but the storage variables give "
          + settings.auth().configName() + " (" + needs(stated.get()) + ")");
    }
    return settings;
  }

  private static StorageSettings fromVariables(Env env, boolean authStated) {
    Optional<String> connectionString = env.optional("TABLECAST_STORAGE_CONNECTION_STRING");
    Optional<String> inline = env.optional("TABLECAST_STORAGE_SAS");
    Optional<Path> file = env.optional("TABLECAST_STORAGE_SAS_FILE").map(Path::of);
    if (inline.isPresent() && file.isPresent()) {
      throw new ConfigException("Set TABLECAST_STORAGE_SAS or TABLECAST_STORAGE_SAS_FILE, not both");
    }
    boolean sas = inline.isPresent() || file.isPresent();
    Optional<String> tableEndpoint = env.optional("TABLECAST_TABLE_ENDPOINT");
    Optional<String> queueEndpoint = env.optional("TABLECAST_QUEUE_ENDPOINT");
    if (connectionString.isPresent()) {
      if (tableEndpoint.isPresent() || sas) {
        throw new ConfigException("TABLECAST_STORAGE_CONNECTION_STRING excludes TABLECAST_TABLE_ENDPOINT and a SAS: set one or the other");
      }
      return ofConnectionString(connectionString.get());
    }
    if (tableEndpoint.isEmpty()) {
      if (sas || queueEndpoint.isPresent()) {
        throw new ConfigException("A SAS or TABLECAST_QUEUE_ENDPOINT needs TABLECAST_TABLE_ENDPOINT");
      }
      if (authStated) {
        throw new ConfigException("TABLECAST_STORAGE_AUTH needs TABLECAST_STORAGE_CONNECTION_STRING or TABLECAST_TABLE_ENDPOINT");
      }
      return ofConnectionString(AZURITE_DEFAULT);
    }
    if (file.isPresent()) {
      return ofSasFile(tableEndpoint.get(), queueEndpoint.orElse(null), file.get());
    }
    return inline.map(token -> ofSas(tableEndpoint.get(), queueEndpoint.orElse(null), token))
        .orElseGet(() -> ofEntraId(tableEndpoint.get(), queueEndpoint.orElse(null)));
  }

  private static String needs(Auth auth) {
    return switch (auth) {
      case CONNECTION_STRING -> "set TABLECAST_STORAGE_CONNECTION_STRING";
      case SAS -> "set TABLECAST_TABLE_ENDPOINT with TABLECAST_STORAGE_SAS or TABLECAST_STORAGE_SAS_FILE";
      case ENTRA_ID -> "set TABLECAST_TABLE_ENDPOINT and no connection string or SAS";
    };
  }

  /** The Azurite development account ({@code devstoreaccount1}) on the given ports. */
  public static String azuriteConnectionString(String host, int blobPort, int queuePort, int tablePort) {
    return azuriteConnectionString("http", host, blobPort, queuePort, tablePort);
  }

  /** As {@link #azuriteConnectionString(String, int, int, int)}, over {@code scheme} ({@code http} or {@code https}). */
  public static String azuriteConnectionString(String scheme, String host, int blobPort, int queuePort, int tablePort) {
    String base = scheme + "://" + host + ":";
    return "DefaultEndpointsProtocol=" + scheme + ";AccountName=" + AZURITE_ACCOUNT + ";"
        + "AccountKey=" + AZURITE_KEY + ";"
        + "BlobEndpoint=" + base + blobPort + "/" + AZURITE_ACCOUNT + ";"
        + "QueueEndpoint=" + base + queuePort + "/" + AZURITE_ACCOUNT + ";"
        + "TableEndpoint=" + base + tablePort + "/" + AZURITE_ACCOUNT + ";";
  }

  @Override
  public String toString() {
    // Never print secrets.
    return switch (auth()) {
      case CONNECTION_STRING -> "StorageSettings[connection string]";
      case SAS -> "StorageSettings[SAS" + sasFile.map(file -> " from " + file).orElse("") + ", tables=" + tableEndpoint.orElse("-") + "]";
      case ENTRA_ID -> "StorageSettings[Entra ID, tables=" + tableEndpoint.orElse("-") + "]";
    };
  }
}
