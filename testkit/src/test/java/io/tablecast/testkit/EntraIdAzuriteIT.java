package io.tablecast.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.util.JSONObjectUtils;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Azurite in OAuth mode with the test managed identity ({@link EntraIdAzurite}): a token the
 * identity endpoint hands out, as {@code DefaultAzureCredential} asks for it, opens the tables and
 * the queues; no token, a token for another audience or an expired one gets 403.
 */
@ExtendWith(EntraIdAzurite.class)
class EntraIdAzuriteIT {

  private static final String LIST_QUEUES = "?comp=list";

  @Test
  void aTokenFromTheIdentityEndpointOpensTheTablesAndTheQueues(EntraIdStorage storage) throws Exception {
    int before = storage.identity().tokensIssued();
    String token = tokenFromTheEndpoint(storage.identity(), Map.of("X-IDENTITY-HEADER", storage.identity().env().get("IDENTITY_HEADER")));

    EntraIdStorage.Answer tables = storage.getTables("/Tables", Optional.of(token));
    EntraIdStorage.Answer queues = storage.getQueues(LIST_QUEUES, Optional.of(token));

    assertThat(tables.status()).as(tables.body()).isEqualTo(200);
    assertThat(queues.status()).as(queues.body()).isEqualTo(200);
    assertThat(storage.identity().tokensIssued()).isEqualTo(before + 1);
    assertThat(storage.azurite().tableEndpoint()).startsWith("https://127.0.0.1:");
  }

  @Test
  void aRequestWithoutATokenIsRefused(EntraIdStorage storage) {
    assertThat(storage.getTables("/Tables", Optional.empty()).status()).isEqualTo(403);
    assertThat(storage.getQueues(LIST_QUEUES, Optional.empty()).status()).isEqualTo(403);
  }

  @Test
  void aTokenForAnotherAudienceIsRefused(EntraIdStorage storage) {
    try (TestManagedIdentity keyVaultOnly = TestManagedIdentity.mintingAudience("https://vault.azure.net")) {
      String token = keyVaultOnly.token(EntraIdStorage.STORAGE_AUDIENCE);

      EntraIdStorage.Answer tables = storage.getTables("/Tables", Optional.of(token));
      EntraIdStorage.Answer queues = storage.getQueues(LIST_QUEUES, Optional.of(token));

      assertThat(tables.status()).isEqualTo(403);
      assertThat(tables.body()).contains("Invalid token audience");
      assertThat(queues.status()).isEqualTo(403);
    }
  }

  @Test
  void anExpiredTokenIsRefused(EntraIdStorage storage) {
    String expired = storage.identity().token(EntraIdStorage.STORAGE_AUDIENCE, Instant.now().minus(Duration.ofHours(2)));

    EntraIdStorage.Answer tables = storage.getTables("/Tables", Optional.of(expired));

    assertThat(tables.status()).isEqualTo(403);
    assertThat(tables.body()).contains("expired");
  }

  @Test
  void theIdentityEndpointAnswersOnlyWithItsHeader(EntraIdStorage storage) throws Exception {
    HttpResponse<String> withoutHeader = ask(storage.identity(), Map.of());
    HttpResponse<String> wrongHeader = ask(storage.identity(), Map.of("X-IDENTITY-HEADER", "guessed"));

    assertThat(withoutHeader.statusCode()).isEqualTo(401);
    assertThat(wrongHeader.statusCode()).isEqualTo(401);
  }

  /** What {@code DefaultAzureCredential} does in App Service: the endpoint, the resource, the header. */
  private static String tokenFromTheEndpoint(TestManagedIdentity identity, Map<String, String> headers) throws Exception {
    HttpResponse<String> response = ask(identity, headers);
    assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
    Map<String, Object> json = JSONObjectUtils.parse(response.body());
    assertThat(json).containsEntry("token_type", "Bearer").containsEntry("resource", EntraIdStorage.STORAGE_AUDIENCE);
    assertThat(Long.parseLong((String) json.get("expires_on"))).isGreaterThan(Instant.now().getEpochSecond());
    return (String) json.get("access_token");
  }

  private static HttpResponse<String> ask(TestManagedIdentity identity, Map<String, String> headers) throws Exception {
    HttpRequest.Builder request = HttpRequest.newBuilder(
        URI.create(identity.endpoint() + "?resource=https%3A%2F%2Fstorage.azure.com&api-version=2019-08-01"));
    headers.forEach(request::header);
    return HttpClient.newHttpClient().send(request.GET().build(), HttpResponse.BodyHandlers.ofString());
  }
}
