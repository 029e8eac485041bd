package io.tablecast.views;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.HttpTestClient.Response;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.testkit.TestIssuer;
import io.tablecast.views.adapter.in.http.StatusPage;
import io.tablecast.views.fixtures.ViewsExtension;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The views service with bearer tokens required: the API, {@code /status} and the status page's
 * data need {@code views.read}; the page's shell and assets, the probes and the OpenAPI document
 * stay open.
 */
@ExtendWith(TablecastRuntimeExtension.class)
class BearerTokenIT {

  private static final List<String> PROTECTED = List.of("/status", "/status/dashboard", "/employees/1", "/assets/other.js");

  @RegisterExtension
  final ViewsExtension views = ViewsExtension.withAuth();

  private TestIssuer issuer;
  private HttpTestClient http;

  @BeforeEach
  void clients() {
    issuer = views.issuer();
    http = views.http();
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
    assertThat(get("/status/dashboard", Optional.of(reader)).status()).isEqualTo(200);
    assertThat(get("/employees/1", Optional.of(reader)).status()).as("let in, and not there").isEqualTo(404);
  }

  @Test
  void theStatusPagesDataWithoutATokenIs401WithABearerChallengeAndWithoutViewsReadIs403() {
    Response anonymous = http.get("/status/dashboard");
    assertThat(anonymous.status()).isEqualTo(401);
    assertThat(anonymous.header("WWW-Authenticate")).isEqualTo("Bearer realm=\"tablecast\"");
    assertThat(anonymous.json().get("type").asText()).isEqualTo("urn:tablecast:problem:unauthorized");

    Response writer = get("/status/dashboard", Optional.of(issuer.bearer("commands.write")));
    assertThat(writer.status()).isEqualTo(403);
    assertThat(writer.header("WWW-Authenticate")).contains("error=\"insufficient_scope\"", "scope=\"views.read\"");
    assertThat(writer.json().get("type").asText()).isEqualTo("urn:tablecast:problem:forbidden");
  }

  @Test
  void thePageShellAndItsAssetsAreOpenAndCarryNoData() {
    assertThat(StatusPage.OPEN_PATHS).containsExactlyInAnyOrder("/", "/assets/status.css", "/assets/status.js");
    for (String path : StatusPage.OPEN_PATHS) {
      Response open = http.get(path);
      assertThat(open.status()).as(path).isEqualTo(200);
      assertThat(open.header("Content-Security-Policy")).as(path).contains("form-action 'none'", "base-uri 'none'");
      assertThat(open.header("WWW-Authenticate")).as(path).isNull();
    }
    assertThat(http.get("/").contentType()).startsWith("text/html");
    assertThat(http.get("/assets/status.js").contentType()).startsWith("text/javascript");
    assertThat(http.get("/assets/status.css").contentType()).startsWith("text/css");
    assertThat(get("/", Optional.of("Bearer not-a-jwt")).status()).as("a bad token is not even looked at on an open path").isEqualTo(200);
  }

  @Test
  void healthMetricsAndTheOpenApiDocumentNeedNoToken() {
    await("healthy").atMost(Duration.ofSeconds(30)).until(() -> http.get("/health").status() == 200);
    assertThat(http.get("/metrics").status()).isEqualTo(200);
    assertThat(http.get("/openapi.json").status()).isEqualTo(200);
  }
}
