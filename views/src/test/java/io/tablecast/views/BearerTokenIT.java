package io.tablecast.views;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.KafkaSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.AzureClients;
import io.tablecast.common.tables.ServiceSas;
import io.tablecast.common.tables.ViewCatalog;
import io.tablecast.embedded.EmbeddedRuntime;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.HttpTestClient.Response;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.testkit.TestIssuer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The views service with bearer tokens required: the API, {@code /status} and the status page
 * need {@code views.read}; the probes and the OpenAPI document stay open.
 */
@ExtendWith(TablecastRuntimeExtension.class)
class BearerTokenIT {

  private static final List<String> PROTECTED = List.of("/status", "/", "/status/dashboard", "/employees/1");

  private TestIssuer issuer;
  private ViewsService views;
  private HttpTestClient http;

  @BeforeEach
  void start(EmbeddedRuntime runtime, Namespace namespace) {
    issuer = TestIssuer.start();
    new ViewCatalog(new AzureClients(StorageSettings.ofConnectionString(runtime.storageConnectionString())).tableService(), namespace)
        .initialize();
    views = ViewsService.start(ViewsConfig.of(namespace, ServiceSas.readOnly(runtime.storageConnectionString(), Duration.ofHours(1)),
        new KafkaSettings(runtime.bootstrapServers(), 1), new HttpSettings("127.0.0.1", 0)).withAuth(issuer.settings()));
    http = new HttpTestClient(views.uri());
  }

  @AfterEach
  void stop() {
    views.close();
    issuer.close();
  }

  private Response get(String path, Optional<String> authorization) {
    var request = http.request(path).GET();
    authorization.ifPresent(value -> request.header("Authorization", value));
    return http.send(request);
  }

  @Test
  void everyReadNeedsAGoodTokenThatGrantsViewsRead() {
    Map<String, Optional<String>> hostile = issuer.hostileAuthorizations(ViewsService.READ_PERMISSION);
    for (String path : PROTECTED) {
      hostile.forEach((what, authorization) ->
          assertThat(get(path, authorization).status()).as(what + " on " + path).isEqualTo(401));
      Response forbidden = get(path, Optional.of(issuer.bearer("commands.write")));
      assertThat(forbidden.status()).as(path).isEqualTo(403);
      assertThat(forbidden.contentType()).as(path).startsWith("application/problem+json");
    }

    String reader = issuer.bearer(ViewsService.READ_PERMISSION);
    assertThat(get("/status", Optional.of(reader)).status()).isEqualTo(200);
    assertThat(get("/", Optional.of(reader)).status()).isEqualTo(200);
    assertThat(get("/employees/1", Optional.of(reader)).status()).as("let in, and not there").isEqualTo(404);
  }

  @Test
  void healthMetricsAndTheOpenApiDocumentNeedNoToken() {
    await("healthy").atMost(Duration.ofSeconds(30)).until(() -> http.get("/health").status() == 200);
    assertThat(http.get("/metrics").status()).isEqualTo(200);
    assertThat(http.get("/openapi.json").status()).isEqualTo(200);
  }
}
