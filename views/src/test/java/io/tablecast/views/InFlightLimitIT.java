package io.tablecast.views;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.tablecast.common.config.HttpSettings;
import io.tablecast.common.config.Namespace;
import io.tablecast.common.kafka.ConsistencyToken;
import io.tablecast.common.kafka.TopicNames;
import io.tablecast.events.EventTopicNames;
import io.tablecast.testkit.HttpTestClient;
import io.tablecast.testkit.HttpTestClient.Response;
import io.tablecast.testkit.TablecastRuntimeExtension;
import io.tablecast.views.fixtures.ViewsExtension;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The views' in-flight limit against real storage: a read waiting for its consistency token holds
 * an in-flight slot for as long as it waits, so the waiting reads are bounded like every other
 * request, and the request after the limit gets 429 at once.
 */
@ExtendWith(TablecastRuntimeExtension.class)
class InFlightLimitIT {

  private static final int LIMIT = 2;
  private static final Duration WAIT = Duration.ofSeconds(4);

  @RegisterExtension
  final ViewsExtension views = ViewsExtension.open().configured(c -> c.withConsistencyWait(WAIT)
      .withHttp(new HttpSettings("127.0.0.1", 0).withLimits(HttpSettings.DEFAULT_MAX_BODY_BYTES, LIMIT)));

  @Test
  void readsWaitingForTheirWriteHoldTheirSlotsAndTheNextRequestGets429WithRetryAfter(Namespace namespace) throws Exception {
    HttpTestClient http = views.http();
    // A write the projector will never have applied: each read with it waits its whole bound.
    String employeeEvents = TopicNames.of(namespace, EventTopicNames.ALL).eventTopic(EventTopicNames.EMPLOYEE_EVENTS);
    String never = new ConsistencyToken.EventPosition(employeeEvents, 0, 1L << 40).encode();
    HttpClient client = HttpClient.newHttpClient();
    List<CompletableFuture<HttpResponse<String>>> waiting = List.of("/departments/Sales", "/employees/42").stream()
        .map(path -> client.sendAsync(http.request(path).header("X-Consistency-Token", never).GET().build(), BodyHandlers.ofString()))
        .toList();

    await("both reads hold a slot").atMost(Duration.ofSeconds(3)).pollInterval(Duration.ofMillis(50))
        .until(() -> http.get("/metrics").raw().body().contains("tablecast_http_in_flight " + LIMIT + ".0"));
    for (String path : List.of("/departments/Sales", "/status", "/")) {
      Response refused = http.get(path);
      assertThat(refused.status()).as(path).isEqualTo(429);
      assertThat(refused.header("Retry-After")).as(path).isEqualTo("1");
      assertThat(refused.json().get("type").asText()).as(path).isEqualTo("urn:tablecast:problem:too-many-requests");
    }
    assertThat(waiting).as("still waiting, not refused").noneMatch(CompletableFuture::isDone);
    assertThat(http.get("/health").status()).as("a full instance still reports its health").isNotEqualTo(429);

    for (CompletableFuture<HttpResponse<String>> read : waiting) {
      HttpResponse<String> answered = read.get(WAIT.toSeconds() + 10, TimeUnit.SECONDS);
      assertThat(answered.statusCode()).as("the bound ran out").isEqualTo(503);
      assertThat(answered.headers().firstValue("Retry-After")).hasValue("1");
    }
    assertThat(http.get("/departments/Sales").status()).as("the slots are given back: let in, and not there").isEqualTo(404);
  }
}
