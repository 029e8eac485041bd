package io.tablecast.common.config;

import java.util.Optional;

/**
 * How to reach Azure Storage (tables and queues): either a connection string, or endpoints with
 * a SAS token. A service given a SAS can do only what the SAS allows: the views service gets a
 * read-only one (SPEC §7).
 *
 * <p>From the environment: {@code TABLECAST_STORAGE_CONNECTION_STRING}, or {@code
 * TABLECAST_TABLE_ENDPOINT} + {@code TABLECAST_QUEUE_ENDPOINT} + {@code TABLECAST_STORAGE_SAS}.
 * With none of them, the local Azurite of dev mode is used.
 */
public record StorageSettings(
    Optional<String> connectionString,
    Optional<String> tableEndpoint,
    Optional<String> queueEndpoint,
    Optional<String> sasToken) {

  /** The well-known development account of the Azure Storage emulators. */
  public static final String AZURITE_ACCOUNT = "devstoreaccount1";

  /** Its key: public, the same in every emulator (a 512-bit base64 key). */
  static final String AZURITE_KEY =
      "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==";

  /** Azurite's well-known development account on its default ports. */
  public static final String AZURITE_DEFAULT =
      azuriteConnectionString("127.0.0.1", 10000, 10001, 10002);

  public StorageSettings {
    if (connectionString.isEmpty() && (tableEndpoint.isEmpty() || sasToken.isEmpty())) {
      throw new IllegalArgumentException(
          "Storage needs a connection string, or a table endpoint with a SAS token.");
    }
  }

  public static StorageSettings ofConnectionString(String connectionString) {
    return new StorageSettings(
        Optional.of(connectionString), Optional.empty(), Optional.empty(), Optional.empty());
  }

  public static StorageSettings ofSas(String tableEndpoint, String queueEndpoint, String sasToken) {
    return new StorageSettings(
        Optional.empty(),
        Optional.of(tableEndpoint),
        Optional.ofNullable(queueEndpoint),
        Optional.of(sasToken));
  }

  public static StorageSettings fromEnv(Env env) {
    Optional<String> connectionString = env.optional("TABLECAST_STORAGE_CONNECTION_STRING");
    Optional<String> sas = env.optional("TABLECAST_STORAGE_SAS");
    if (connectionString.isPresent()) {
      return ofConnectionString(connectionString.get());
    }
    if (sas.isPresent()) {
      String tableEndpoint =
          env.optional("TABLECAST_TABLE_ENDPOINT")
              .orElseThrow(
                  () -> new ConfigException("TABLECAST_STORAGE_SAS needs TABLECAST_TABLE_ENDPOINT"));
      return ofSas(tableEndpoint, env.optional("TABLECAST_QUEUE_ENDPOINT").orElse(null), sas.get());
    }
    return ofConnectionString(AZURITE_DEFAULT);
  }

  /** The Azurite development account ({@code devstoreaccount1}) on the given ports. */
  public static String azuriteConnectionString(String host, int blobPort, int queuePort, int tablePort) {
    return "DefaultEndpointsProtocol=http;AccountName=" + AZURITE_ACCOUNT + ";"
        + "AccountKey=" + AZURITE_KEY + ";"
        + "BlobEndpoint=http://" + host + ":" + blobPort + "/" + AZURITE_ACCOUNT + ";"
        + "QueueEndpoint=http://" + host + ":" + queuePort + "/" + AZURITE_ACCOUNT + ";"
        + "TableEndpoint=http://" + host + ":" + tablePort + "/" + AZURITE_ACCOUNT + ";";
  }

  @Override
  public String toString() {
    // Never print secrets.
    return connectionString.isPresent()
        ? "StorageSettings[connection string]"
        : "StorageSettings[SAS, tables=" + tableEndpoint.orElse("-") + "]";
  }
}
