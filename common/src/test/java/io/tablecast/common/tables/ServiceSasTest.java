package io.tablecast.common.tables;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablecast.common.config.StorageSettings;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ServiceSasTest {

  private static String token(String scheme) {
    return ServiceSas.readWrite(StorageSettings.azuriteConnectionString(scheme, "127.0.0.1", 10000, 10001, 10002), Duration.ofHours(1))
        .sasToken().orElseThrow();
  }

  @Test
  void aSasForHttpsEndpointsIsGoodForHttpsOnly() {
    assertThat(token("https")).contains("spr=https&");
    assertThat(token("http")).doesNotContain("spr=");
  }

  @Test
  void aSasReachesTablesQueuesAndTheirEntriesButNeverTheServiceItself() {
    assertThat(token("https")).contains("ss=qt&", "srt=co&");
  }
}
