package io.tablecast.common.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.credential.AccessToken;
import com.azure.core.credential.TokenCredential;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.policy.HttpPipelinePolicy;
import io.tablecast.common.config.StorageSettings;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

/**
 * The Entra ID path of {@link AzureClients}, without a storage service: Azurite checks bearer
 * tokens only over HTTPS with its OAuth option, so the requests stop at a last pipeline policy
 * that records what would be sent.
 */
class AzureClientsEntraIdTest {

  private static final String TABLES = "https://tablecast.table.core.windows.net";
  private static final String QUEUES = "https://tablecast.queue.core.windows.net";

  private final List<String> scopesAsked = new CopyOnWriteArrayList<>();
  private final List<String> authorizations = new CopyOnWriteArrayList<>();
  private final List<String> urls = new CopyOnWriteArrayList<>();

  private final TokenCredential credential = request -> {
    scopesAsked.addAll(request.getScopes());
    return Mono.just(new AccessToken("entra-token", OffsetDateTime.now().plusHours(1)));
  };

  /** Records each request's URL and Authorization header, and sends nothing. */
  private final HttpPipelinePolicy stopBeforeTheNetwork = (context, next) -> {
    urls.add(context.getHttpRequest().getUrl().toString());
    authorizations.add(String.valueOf(context.getHttpRequest().getHeaders().getValue(HttpHeaderName.AUTHORIZATION)));
    return Mono.error(new NotSent());
  };

  @Test
  void endpointsWithoutASecretSendTheIdentitysBearerTokenForStorageToTablesAndQueues() {
    AzureClients clients = new AzureClients(StorageSettings.ofEntraId(TABLES, QUEUES), credential, List.of(stopBeforeTheNetwork));

    assertThatThrownBy(() -> clients.table("Employees").getEntity("p", "r")).hasRootCauseInstanceOf(NotSent.class);
    assertThatThrownBy(() -> clients.queue("archive-employee").getProperties()).hasRootCauseInstanceOf(NotSent.class);

    assertThat(scopesAsked).isNotEmpty().containsOnly("https://storage.azure.com/.default");
    assertThat(authorizations).hasSize(2).containsOnly("Bearer entra-token");
  }

  @Test
  void clientsDerivedWithAPolicyKeepTheIdentity() {
    AzureClients clients = new AzureClients(StorageSettings.ofEntraId(TABLES, null), credential, List.of())
        .with(stopBeforeTheNetwork);

    assertThatThrownBy(() -> clients.table("Employees").getEntity("p", "r")).hasRootCauseInstanceOf(NotSent.class);

    assertThat(authorizations).containsExactly("Bearer entra-token");
  }

  @Test
  void withoutACredentialOfItsOwnTheClientsUseDefaultAzureCredentialAndContactNothingUntilARequest() {
    AzureClients clients = new AzureClients(StorageSettings.ofEntraId(TABLES, QUEUES));

    assertThat(clients.tableService().getServiceEndpoint()).isEqualTo(TABLES);
    assertThat(clients.queueService().getQueueServiceUrl()).isEqualTo(QUEUES);
  }

  @Test
  void entraIdSettingsWithoutAnIdentityAreRefusedAtOnce() {
    assertThatThrownBy(() -> new AzureClients(StorageSettings.ofEntraId(TABLES, QUEUES), null, List.of()))
        .isInstanceOf(NullPointerException.class)
        .hasMessageContaining("'credential'");
  }

  @Test
  void entraIdSettingsWithoutAQueueEndpointGiveNoQueueClient() {
    AzureClients clients = new AzureClients(StorageSettings.ofEntraId(TABLES, null), credential, List.of());

    assertThatThrownBy(clients::queueService).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void aSasGoesInTheQueryAndNoTokenIsAskedFor() {
    AzureClients clients = new AzureClients(StorageSettings.ofSas(TABLES, QUEUES, "sv=2025-01-05&sig=abc"), credential,
        List.of(stopBeforeTheNetwork));

    assertThatThrownBy(() -> clients.table("Employees").getEntity("p", "r")).hasRootCauseInstanceOf(NotSent.class);

    assertThat(scopesAsked).isEmpty();
    assertThat(authorizations).containsExactly("null");
    assertThat(urls).singleElement().asString().startsWith(TABLES).contains("sig=abc");
  }

  /** Ends a request before the network; an Error, which the clients' retry policy does not retry. */
  private static final class NotSent extends Error {
    NotSent() {
      super("stopped before the network", null, false, false);
    }
  }
}
