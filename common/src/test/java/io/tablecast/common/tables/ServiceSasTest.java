package io.tablecast.common.tables;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.common.config.SasTokens;
import io.tablecast.common.config.StorageSettings;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ServiceSasTest {

  private static SasTokens writer(String scheme) {
    return ServiceSas.readWrite(StorageSettings.azuriteConnectionString(scheme, "127.0.0.1", 10000, 10001, 10002), Duration.ofHours(1))
        .sasTokens().orElseThrow();
  }

  private static SasTokens reader() {
    return ServiceSas.readOnly(StorageSettings.azuriteConnectionString("http", "127.0.0.1", 10000, 10001, 10002), Duration.ofHours(1))
        .sasTokens().orElseThrow();
  }

  @Test
  void aSasForHttpsEndpointsIsGoodForHttpsOnly() {
    assertThat(writer("https").containers()).contains("spr=https&");
    assertThat(writer("https").objects()).contains("spr=https&");
    assertThat(writer("http").text()).doesNotContain("spr=");
  }

  @Test
  void aSasReachesTablesQueuesAndTheirEntriesButNeverTheServiceItself() {
    assertThat(reader().paired()).isFalse();
    assertThat(reader().objects()).contains("ss=qt&", "srt=co&", "sp=rl&");
    assertThat(writer("https").containers()).contains("ss=qt&", "srt=c&");
    assertThat(writer("https").objects()).contains("ss=qt&", "srt=o&");
  }

  @Test
  void aWritersPairCreatesTablesAndQueuesAndDeletesRowsAndMessages_butDeletesNoTableOrQueue() {
    assertThat(writer("http").containers()).as("create, read, list; no delete").contains("sp=rlacup&");
    assertThat(writer("http").objects()).as("rows and messages, delete included").contains("sp=rwdlaup&");
  }
}
