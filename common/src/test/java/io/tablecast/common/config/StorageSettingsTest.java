package io.tablecast.common.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StorageSettingsTest {

  @Test
  void azuriteConnectionStringNamesTheDevelopmentAccountAndEveryEndpointExplicitly() {
    assertThat(StorageSettings.azuriteConnectionString("127.0.0.1", 20000, 20001, 20002))
        .isEqualTo("DefaultEndpointsProtocol=http;"
            + "AccountName=devstoreaccount1;"
            + "AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;"
            + "BlobEndpoint=http://127.0.0.1:20000/devstoreaccount1;"
            + "QueueEndpoint=http://127.0.0.1:20001/devstoreaccount1;"
            + "TableEndpoint=http://127.0.0.1:20002/devstoreaccount1;");
  }

  @Test
  void theEmulatorKeyIsAValid512BitBase64Key() {
    assertThat(Base64.getDecoder().decode(StorageSettings.AZURITE_KEY)).hasSize(64);
  }

  @Test
  void defaultsToTheLocalAzuriteOfDevMode() {
    assertThat(StorageSettings.fromEnv(Env.of(Map.of())).connectionString()).contains(StorageSettings.AZURITE_DEFAULT);
  }

  @Test
  void takesASasWithItsEndpoints() {
    StorageSettings s = StorageSettings.fromEnv(Env.of(Map.of(
        "TABLECAST_STORAGE_SAS", "sv=x&sig=y", "TABLECAST_TABLE_ENDPOINT", "http://127.0.0.1:10002/devstoreaccount1")));
    assertThat(s.sasToken()).contains("sv=x&sig=y");
    assertThat(s.queueEndpoint()).isEmpty();
    assertThat(s.toString()).doesNotContain("sig=y");
  }

  @Test
  void aSasWithoutATableEndpointIsAConfigurationError() {
    assertThatThrownBy(() -> StorageSettings.fromEnv(Env.of(Map.of("TABLECAST_STORAGE_SAS", "sv=x"))))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("TABLECAST_TABLE_ENDPOINT");
  }

  @Test
  void endpointsAloneAuthenticateWithEntraId() {
    StorageSettings s = StorageSettings.fromEnv(Env.of(Map.of(
        "TABLECAST_TABLE_ENDPOINT", TABLES, "TABLECAST_QUEUE_ENDPOINT", QUEUES)));

    assertThat(s.auth()).isEqualTo(StorageSettings.Auth.ENTRA_ID);
    assertThat(s.tableEndpoint()).contains(TABLES);
    assertThat(s.queueEndpoint()).contains(QUEUES);
    assertThat(s.sasToken()).isEmpty();
    assertThat(s.toString()).contains("Entra ID");
  }

  @Test
  void aStatedEntraIdAgreesWithEndpointsAlone() {
    StorageSettings s = StorageSettings.fromEnv(Env.of(Map.of(
        "TABLECAST_STORAGE_AUTH", "entra-id", "TABLECAST_TABLE_ENDPOINT", TABLES)));

    assertThat(s.auth()).isEqualTo(StorageSettings.Auth.ENTRA_ID);
  }

  @Test
  void aStatedEntraIdWithASasIsRefusedRatherThanSendingTheSas() {
    assertThatThrownBy(() -> StorageSettings.fromEnv(Env.of(Map.of(
        "TABLECAST_STORAGE_AUTH", "entra-id", "TABLECAST_TABLE_ENDPOINT", TABLES, "TABLECAST_STORAGE_SAS", "sv=x&sig=y"))))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("TABLECAST_STORAGE_AUTH is entra-id")
        .hasMessageNotContaining("sig=y");
  }

  @Test
  void aStatedEntraIdWithoutEndpointsIsRefusedRatherThanFallingBackToTheEmulator() {
    assertThatThrownBy(() -> StorageSettings.fromEnv(Env.of(Map.of("TABLECAST_STORAGE_AUTH", "entra-id"))))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("TABLECAST_TABLE_ENDPOINT");
  }

  @Test
  void aStatedSasWithEndpointsAloneIsRefusedRatherThanUsingTheAmbientIdentity() {
    assertThatThrownBy(() -> StorageSettings.fromEnv(Env.of(Map.of(
        "TABLECAST_STORAGE_AUTH", "sas", "TABLECAST_TABLE_ENDPOINT", TABLES))))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("TABLECAST_STORAGE_SAS_FILE");
  }

  @Test
  void anUnknownAuthIsAConfigurationErrorNamingTheChoices() {
    assertThatThrownBy(() -> StorageSettings.fromEnv(Env.of(Map.of("TABLECAST_STORAGE_AUTH", "key"))))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("connection-string, sas or entra-id");
  }

  @Test
  void aConnectionStringWithEndpointsIsAmbiguous() {
    assertThatThrownBy(() -> StorageSettings.fromEnv(Env.of(Map.of(
        "TABLECAST_STORAGE_CONNECTION_STRING", StorageSettings.AZURITE_DEFAULT, "TABLECAST_TABLE_ENDPOINT", TABLES))))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("TABLECAST_STORAGE_CONNECTION_STRING");
  }

  @Test
  void readsTheSasFromAFileWithoutItsLeadingQuestionMark(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("views.sas"), "?sv=x&sig=y\n");

    StorageSettings s = StorageSettings.fromEnv(Env.of(Map.of(
        "TABLECAST_TABLE_ENDPOINT", TABLES, "TABLECAST_STORAGE_SAS_FILE", file.toString())));

    assertThat(s.auth()).isEqualTo(StorageSettings.Auth.SAS);
    assertThat(s.sasToken()).contains("sv=x&sig=y");
  }

  @Test
  void aMissingOrEmptySasFileIsAConfigurationErrorNamingTheFile(@TempDir Path dir) throws IOException {
    Path empty = Files.writeString(dir.resolve("empty.sas"), "\n");
    Path missing = dir.resolve("missing.sas");

    assertThatThrownBy(() -> StorageSettings.fromEnv(Env.of(Map.of(
        "TABLECAST_TABLE_ENDPOINT", TABLES, "TABLECAST_STORAGE_SAS_FILE", empty.toString()))))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining(empty.toString());
    assertThatThrownBy(() -> StorageSettings.fromEnv(Env.of(Map.of(
        "TABLECAST_TABLE_ENDPOINT", TABLES, "TABLECAST_STORAGE_SAS_FILE", missing.toString()))))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining(missing.toString());
  }

  @Test
  void aSasAndASasFileTogetherAreAmbiguous(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("views.sas"), "sv=x&sig=y");

    assertThatThrownBy(() -> StorageSettings.fromEnv(Env.of(Map.of(
        "TABLECAST_TABLE_ENDPOINT", TABLES, "TABLECAST_STORAGE_SAS", "sv=x", "TABLECAST_STORAGE_SAS_FILE", file.toString()))))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("not both");
  }

  private static final String TABLES = "https://tablecast.table.core.windows.net";
  private static final String QUEUES = "https://tablecast.queue.core.windows.net";
}
