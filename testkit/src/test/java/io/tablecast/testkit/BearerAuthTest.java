package io.tablecast.testkit;

import static io.javalin.apibuilder.ApiBuilder.get;
import static io.javalin.apibuilder.ApiBuilder.post;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import ch.qos.logback.classic.Level;
import com.nimbusds.jwt.JWTClaimsSet;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.tablecast.common.config.AuthSettings;
import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.http.BearerAuth;
import io.tablecast.common.http.Caller;
import io.tablecast.common.http.Health;
import io.tablecast.common.http.HttpService;
import io.tablecast.testkit.HttpTestClient.Response;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@link BearerAuth} in front of a route of a real {@link HttpService}, with the tokens of a
 * {@link TestIssuer}: every forgery the issuer can make is refused, and a good token lets its
 * subject in; the request log says who asked what, and how it ended. It lives here because it
 * needs both; the services' ITs repeat the essentials with Kafka and storage behind the route.
 */
class BearerAuthTest {

  private static final String PERMISSION = "things.write";

  private TestIssuer issuer;
  private HttpService service;
  private HttpTestClient http;

  @BeforeEach
  void start() {
    issuer = TestIssuer.start();
    service = serve(Optional.of(issuer.settings()));
    http = new HttpTestClient(service.uri());
  }

  /** A service whose one route answers 201 with the caller's subject. */
  private static HttpService serve(Optional<AuthSettings> settings) {
    return HttpService.start("test", new HttpSettings("127.0.0.1", 0), new PrometheusMeterRegistry(PrometheusConfig.DEFAULT),
        Health::healthy, BearerAuth.protect("test", settings, PERMISSION,
            () -> {
              post("/things", ctx -> ctx.status(201).result(Caller.of(ctx).subject()));
              get("/things/{id}", ctx -> ctx.result(ctx.pathParam("id")));
            }));
  }

  @AfterEach
  void stop() {
    service.close();
    issuer.close();
  }

  private Response postThing(Optional<String> authorization) {
    HttpRequest.Builder request = http.request("/things").POST(HttpRequest.BodyPublishers.ofString("{}"));
    authorization.ifPresent(value -> request.header("Authorization", value));
    return http.send(request);
  }

  @Test
  void aGoodTokenLetsItsSubjectIn() {
    Response response = postThing(Optional.of(issuer.bearer("openid " + PERMISSION)));

    assertThat(response.status()).isEqualTo(201);
    assertThat(response.raw().body()).isEqualTo(TestIssuer.SUBJECT);
  }

  @Test
  void everyForgeryAndEveryMissingOrMalformedHeaderIs401WithABearerChallenge() {
    for (Map.Entry<String, Optional<String>> hostile : issuer.hostileAuthorizations(PERMISSION).entrySet()) {
      Response response = postThing(hostile.getValue());

      assertThat(response.status()).as(hostile.getKey()).isEqualTo(401);
      assertThat(response.contentType()).as(hostile.getKey()).startsWith("application/problem+json");
      assertThat(response.json().get("type").asText()).as(hostile.getKey()).isEqualTo("urn:tablecast:problem:unauthorized");
      String challenge = response.header("WWW-Authenticate");
      if (hostile.getValue().isEmpty()) {
        assertThat(challenge).as(hostile.getKey()).isEqualTo("Bearer realm=\"tablecast\"");
      } else {
        assertThat(challenge).as(hostile.getKey()).startsWith("Bearer realm=\"tablecast\", error=\"invalid_token\", error_description=\"");
      }
    }
  }

  @Test
  void aGoodTokenWithoutThePermissionIs403InsufficientScope() {
    Response response = postThing(Optional.of(issuer.bearer("views.read")));

    assertThat(response.status()).isEqualTo(403);
    assertThat(response.json().get("type").asText()).isEqualTo("urn:tablecast:problem:forbidden");
    assertThat(response.header("WWW-Authenticate"))
        .isEqualTo("Bearer realm=\"tablecast\", error=\"insufficient_scope\", scope=\"" + PERMISSION + "\"");
  }

  @Test
  void anAppRoleGrantsThePermissionAsAScopeDoes() {
    Response response = postThing(Optional.of("Bearer " + issuer.token(c -> c.claim("roles", java.util.List.of(PERMISSION)))));

    assertThat(response.status()).isEqualTo(201);
  }

  @Test
  void withAppRolesOnlyAScopeGrantsNothingAndAnAppRoleStillGrantsThePermission() {
    restart(issuer.settings().withAppRolesOnly());

    assertThat(postThing(Optional.of(issuer.bearer(PERMISSION))).status()).as("the permission as a scope").isEqualTo(403);
    assertThat(postThing(Optional.of("Bearer " + issuer.token(c -> c.claim("roles", List.of(PERMISSION))))).status()).isEqualTo(201);
  }

  @Test
  void withAllowedClientsOnlyTheirTokensAreLetIn_namedByAzpOrByV1Appid() {
    restart(issuer.settings().withClients(Set.of("client-a")));

    assertThat(postThing(Optional.of(token(c -> c.claim("azp", "client-a")))).status()).isEqualTo(201);
    assertThat(postThing(Optional.of(token(c -> c.claim("appid", "client-a")))).status()).as("an Entra ID v1.0 token").isEqualTo(201);
    Response other = postThing(Optional.of(token(c -> c.claim("azp", "client-b"))));
    assertThat(other.status()).isEqualTo(403);
    assertThat(other.json().get("detail").asText())
        .isEqualTo("The bearer token's client application (client-b) is not one this API accepts.");
    assertThat(postThing(Optional.of(token(c -> c))).status()).as("a token naming no client").isEqualTo(403);
  }

  /** A token granting the permission, with {@code change} applied to its claims. */
  private String token(UnaryOperator<JWTClaimsSet.Builder> change) {
    return "Bearer " + issuer.token(c -> change.apply(c.claim("scp", PERMISSION)));
  }

  private void restart(AuthSettings settings) {
    service.close();
    service = serve(Optional.of(settings));
    http = new HttpTestClient(service.uri());
  }

  @Test
  void aRotatedKeyIsFetchedOnItsFirstTokenAndTheKeysAreCachedOtherwise() {
    assertThat(postThing(Optional.of(issuer.bearer(PERMISSION))).status()).isEqualTo(201);
    assertThat(postThing(Optional.of(issuer.bearer(PERMISSION))).status()).isEqualTo(201);
    assertThat(issuer.jwksFetches()).as("the second token is verified with the cached keys").isEqualTo(1);

    issuer.rotate("key-2");

    assertThat(postThing(Optional.of(issuer.bearer(PERMISSION))).status()).isEqualTo(201);
    assertThat(issuer.jwksFetches()).as("the unknown key id made it fetch the keys again").isEqualTo(2);
  }

  @Test
  void aKeyIdTheKeysWereJustFetchedForIs401_whileANewOneThatTheRateLimitKeepsFromBeingLookedForIs503() {
    assertThat(postThing(Optional.of(issuer.bearer(PERMISSION))).status()).isEqualTo(201);
    Response unknown = postThing(Optional.of(issuer.bearerOfUnpublishedKey("made-up", PERMISSION)));
    assertThat(unknown.status()).as("looked for, and not there").isEqualTo(401);
    assertThat(issuer.jwksFetches()).isEqualTo(2);

    assertThat(postThing(Optional.of(issuer.bearerOfUnpublishedKey("made-up", PERMISSION))).status())
        .as("the same key id again, before the keys may be fetched again").isEqualTo(401);
    issuer.rotate("key-2");
    Response newest = postThing(Optional.of(issuer.bearer(PERMISSION)));

    assertThat(newest.status()).as("the issuer's newest key, not yet looked for").isEqualTo(503);
    assertThat(newest.header("Retry-After")).isEqualTo("5");
    assertThat(newest.json().get("detail").asText()).contains("key id", "try again shortly");
    assertThat(issuer.jwksFetches()).as("the issuer was not asked again").isEqualTo(2);
  }

  @Test
  void healthAndMetricsNeedNoTokenButTheRoutesDo() {
    assertThat(http.get("/health").status()).isEqualTo(200);
    assertThat(http.get("/metrics").status()).isEqualTo(200);
    assertThat(postThing(Optional.empty()).status()).isEqualTo(401);
  }

  @Test
  void keysThatCannotBeFetchedAre503NotTheCallersFault() {
    issuer.close();

    Response response = postThing(Optional.of(issuer.bearer(PERMISSION)));

    assertThat(response.status()).isEqualTo(503);
    assertThat(response.header("Retry-After")).isEqualTo("5");
    assertThat(response.contentType()).startsWith("application/problem+json");
  }

  @Test
  void withoutSettingsEveryRequestIsLetInAsAnonymous() {
    try (HttpService open = serve(Optional.empty())) {
      Response response = new HttpTestClient(open.uri()).postJson("/things", "{}");

      assertThat(response.status()).isEqualTo(201);
      assertThat(response.raw().body()).isEqualTo(Caller.ANONYMOUS.subject());
    }
  }

  @Test
  void theOpenPathsAServiceNamesNeedNoTokenWhileItsOtherRoutesStillDo() {
    try (HttpService withPage = HttpService.start("test", new HttpSettings("127.0.0.1", 0),
        new PrometheusMeterRegistry(PrometheusConfig.DEFAULT), Health::healthy,
        BearerAuth.protect("test", Optional.of(issuer.settings()), PERMISSION, java.util.Set.of("/page"), () -> {
          get("/page", ctx -> ctx.result("shell"));
          get("/page/data", ctx -> ctx.result("data"));
        }))) {
      HttpTestClient client = new HttpTestClient(withPage.uri());

      assertThat(client.get("/page").status()).isEqualTo(200);
      assertThat(client.get("/page/data").status()).as("an exact path, not a prefix").isEqualTo(401);
      assertThat(client.get("/health").status()).isEqualTo(200);
    }
  }

  @Test
  void theRequestLogHasOneLinePerRequestWithItsRouteStatusAndCaller_andNeverItsTokenOrQuery() {
    String reader = issuer.bearer("views.read");
    String writer = issuer.bearer(PERMISSION);
    try (LogCapture requests = LogCapture.of("io.tablecast.requests")) {
      HttpRequest.Builder read = http.request("/things/42?secret=hunter2").GET().header("Authorization", writer);
      assertThat(http.send(read).status()).isEqualTo(200);
      assertThat(postThing(Optional.of(reader)).status()).isEqualTo(403);
      assertThat(postThing(Optional.empty()).status()).isEqualTo(401);
      assertThat(http.get("/health").status()).isEqualTo(200);

      await("a line per request").atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(requests.messages(Level.INFO)).hasSize(4));
      List<String> lines = requests.messages(Level.INFO);
      assertThat(lines).anyMatch(line -> line.matches("test GET /things/\\{id} 200 [0-9.]+ ms caller=" + TestIssuer.SUBJECT))
          .as("refused, yet known").anyMatch(line -> line.matches("test POST /things 403 [0-9.]+ ms caller=" + TestIssuer.SUBJECT))
          .anyMatch(line -> line.matches("test POST /things 401 [0-9.]+ ms caller=-"))
          .anyMatch(line -> line.matches("test GET /health 200 [0-9.]+ ms caller=-"));
      assertThat(String.join("\n", lines)).doesNotContain(reader.substring("Bearer ".length()), writer.substring("Bearer ".length()),
          "Bearer", "secret", "hunter2");
    }
  }
}
