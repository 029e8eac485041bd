package io.tablecast.common.tables;

import com.azure.core.credential.TokenCredential;
import com.azure.core.http.HttpClient;
import com.azure.core.http.policy.ExponentialBackoffOptions;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.core.http.policy.RetryOptions;
import com.azure.core.util.Context;
import com.azure.core.util.HttpClientOptions;
import com.azure.data.tables.TableClient;
import com.azure.data.tables.TableServiceClient;
import com.azure.data.tables.TableServiceClientBuilder;
import com.azure.identity.DefaultAzureCredentialBuilder;
import com.azure.storage.queue.QueueClient;
import com.azure.storage.queue.QueueServiceClient;
import com.azure.storage.queue.QueueMessageEncoding;
import com.azure.storage.queue.QueueServiceClientBuilder;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.lifecycle.Outage;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Builds the Azure Table and Queue clients once per process, with one retry policy and one set
 * of timeouts (SPEC §4 "Retries").
 *
 * <p>Transient failures (408, 429, 500, 502, 503, 504, timeouts, connection resets) are retried
 * by azure-core's exponential backoff, which adds jitter; the total time is bounded by the
 * number of tries, the maximum delay and the per-request response timeout. Other 4xx are never
 * retried: callers handle the statuses that mean something (404, 409, 412). No Tablecast code
 * writes its own retry loop for transient errors.
 *
 * <p>The credential follows the settings ({@link StorageSettings#auth()}): a connection string,
 * a SAS, or a Microsoft Entra ID token from {@code DefaultAzureCredential}, built once and shared
 * by the table and queue clients (it caches its tokens and renews them before they expire).
 *
 * <p>Clients are immutable and thread-safe; build them once and share them.
 */
public final class AzureClients {

  /** The retry policy shared by every client: up to 6 retries, 100 ms doubling to at most 3 s. */
  public static final RetryOptions RETRY =
      new RetryOptions(
          new ExponentialBackoffOptions()
              .setMaxRetries(6)
              .setBaseDelay(Duration.ofMillis(100))
              .setMaxDelay(Duration.ofSeconds(3)));

  private static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(15);

  private final TableServiceClient tables;
  private final QueueServiceClient queues;
  private final Outage outage;

  private final StorageSettings settings;
  /** The Entra ID credential, shared by every client built from this one; null with the other kinds of settings. */
  private final TokenCredential credential;
  private final HttpClient http;
  private final List<HttpPipelinePolicy> extraPolicies;

  /**
   * @param extraPolicies added to every pipeline, for example a fault-injection policy in tests
   */
  public AzureClients(StorageSettings settings, List<HttpPipelinePolicy> extraPolicies) {
    this(settings, settings.auth() == StorageSettings.Auth.ENTRA_ID ? new DefaultAzureCredentialBuilder().build() : null,
        extraPolicies);
  }

  /**
   * With Entra ID settings, {@code credential} instead of {@code DefaultAzureCredential}: an
   * identity the process obtains otherwise. Ignored by the other kinds of settings.
   */
  public AzureClients(StorageSettings settings, TokenCredential credential, List<HttpPipelinePolicy> extraPolicies) {
    this(settings, credential, HttpClient.createDefault(httpClientOptions()), List.copyOf(extraPolicies), new Outage("Azure Storage"));
  }

  private AzureClients(StorageSettings settings, TokenCredential credential, HttpClient http, List<HttpPipelinePolicy> extraPolicies,
      Outage outage) {
    this.settings = settings;
    this.credential = credential;
    this.outage = outage;
    this.http = http;
    this.extraPolicies = extraPolicies;
    TableServiceClientBuilder tableBuilder =
        new TableServiceClientBuilder().httpClient(http).retryOptions(RETRY);
    // Base64 keeps any text a message carries safe inside the service's XML.
    QueueServiceClientBuilder queueBuilder = new QueueServiceClientBuilder()
        .httpClient(http).retryOptions(RETRY).messageEncoding(QueueMessageEncoding.BASE64);
    // First, so that it sees what the service, or any policy after it, answered each attempt.
    List<HttpPipelinePolicy> policies = new java.util.ArrayList<>(List.of(new OutageWatch(outage)));
    policies.addAll(extraPolicies);
    policies.forEach(
        policy -> {
          tableBuilder.addPolicy(policy);
          queueBuilder.addPolicy(policy);
        });
    switch (settings.auth()) {
      case CONNECTION_STRING -> {
        tableBuilder.connectionString(settings.connectionString().orElseThrow());
        queueBuilder.connectionString(settings.connectionString().orElseThrow());
      }
      case SAS -> {
        SasPair sas = new SasPair(settings.sasTokens().orElseThrow());
        settings.sasFile().map(file -> new SasFileRefresh(file, sas)).ifPresent(refresh -> {
          tableBuilder.addPolicy(refresh);
          queueBuilder.addPolicy(refresh);
        });
        tableBuilder.endpoint(settings.tableEndpoint().orElseThrow()).credential(sas.objects()).addPolicy(sas.forTables());
        settings.queueEndpoint().ifPresent(e -> queueBuilder.endpoint(e).credential(sas.objects()).addPolicy(sas.forQueues()));
      }
      case ENTRA_ID -> {
        Objects.requireNonNull(credential, "'credential' cannot be null with Entra ID settings.");
        tableBuilder.endpoint(settings.tableEndpoint().orElseThrow()).credential(credential);
        settings.queueEndpoint().ifPresent(e -> queueBuilder.endpoint(e).credential(credential));
      }
    }
    tableBuilder.addPolicy(new TransactionEtags());
    this.tables = tableBuilder.buildClient();
    this.queues = settings.connectionString().isPresent() || settings.queueEndpoint().isPresent()
        ? queueBuilder.buildClient()
        : null;
  }

  /**
   * Clients of the same account, over the same connections, whose requests also pass {@code
   * policy} (after this one's own policies): a part of the process whose requests are treated
   * apart, such as the queue workers' paced ones. Both report to one {@link #outage()}.
   */
  public AzureClients with(HttpPipelinePolicy policy) {
    List<HttpPipelinePolicy> policies = new java.util.ArrayList<>(extraPolicies);
    policies.add(policy);
    return new AzureClients(settings, credential, http, List.copyOf(policies), outage);
  }

  public AzureClients(StorageSettings settings) {
    this(settings, List.of());
  }

  /** The options of every client's HTTP client: its timeouts bound each attempt. */
  public static HttpClientOptions httpClientOptions() {
    return new HttpClientOptions()
        .setConnectTimeout(Duration.ofSeconds(5))
        .setResponseTimeout(RESPONSE_TIMEOUT)
        .setReadTimeout(RESPONSE_TIMEOUT)
        .setWriteTimeout(RESPONSE_TIMEOUT);
  }

  /**
   * The storage service as this process sees it: one WARN when it stops answering, one INFO
   * when it answers again. Callers that retry need not log each failure.
   */
  public Outage outage() {
    return outage;
  }

  public TableServiceClient tableService() {
    return tables;
  }

  public TableClient table(String name) {
    return tables.getTableClient(name);
  }

  /**
   * The context to submit an Entity Group Transaction with when the new ETags of its operations
   * matter: {@code sink} receives them, in the order of the operations, null for a delete's (the
   * SDK's own answer drops them).
   */
  public static Context collectingEtags(Consumer<List<String>> sink) {
    return TransactionEtags.collect(sink);
  }

  /**
   * @throws IllegalStateException when the settings give no queue endpoint (a views-only SAS)
   */
  public QueueServiceClient queueService() {
    if (queues == null) {
      throw new IllegalStateException("These storage settings give no queue endpoint.");
    }
    return queues;
  }

  public QueueClient queue(String name) {
    return queueService().getQueueClient(name);
  }
}
