package io.tablecast.common.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;

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
}
