package io.tablecast.common.tables;

import com.azure.core.credential.AzureSasCredential;
import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelineNextSyncPolicy;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpRequest;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import io.tablecast.common.config.SasTokens;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import reactor.core.publisher.Mono;

/**
 * A service's SAS as the clients present it ({@link SasTokens}): the SDK appends {@link #objects}
 * to every request, and a pipeline policy after it ({@link #forTables}, {@link #forQueues}) puts
 * the token of the pair that reaches tables and queues in its place on a request that acts on a
 * table or a queue itself: create, list, read a queue's depth. With a single token it changes
 * nothing. The containers' token carries the rights on messages that Azurite asks of it ({@code
 * p}, {@code u}), which the service ignores on tables and queues.
 */
final class SasPair {

  private static final HttpHeaderName ERROR_CODE = HttpHeaderName.fromString("x-ms-error-code");

  private final AzureSasCredential objects;
  private volatile String containers;

  SasPair(SasTokens tokens) {
    this.objects = new AzureSasCredential(tokens.objects());
    this.containers = tokens.containers();
  }

  /** The credential the clients' builders take: the token on rows and messages. */
  AzureSasCredential objects() {
    return objects;
  }

  /** Takes a new token or pair, rotated in its file. */
  void update(SasTokens tokens) {
    containers = tokens.containers();
    objects.update(tokens.objects());
  }

  /** Whether {@code tokens} differ from those in use. */
  boolean differs(SasTokens tokens) {
    return !tokens.objects().equals(objects.getSignature()) || !tokens.containers().equals(containers);
  }

  /** The table service's: Create, Query and Delete Table are requests on {@code /Tables}. */
  HttpPipelinePolicy forTables() {
    return new Swap("table", path -> path.endsWith("/Tables") || path.contains("/Tables('"));
  }

  /** The queue service's: every request but those on a queue's {@code /messages}. */
  HttpPipelinePolicy forQueues() {
    return new Swap("queue", path -> !path.contains("/messages"));
  }

  /**
   * Puts the containers' token where the SDK appended the objects' one, on the requests {@code
   * onContainer} picks, as the service's documentation sorts them. A service that sorts an
   * operation otherwise (Azurite takes deleting and updating a message for requests on the queue)
   * answers {@code AuthorizationResourceTypeMismatch}: the request is sent once more with the other
   * token, and requests of its kind take that one from then on. Neither token grants more than the
   * pair does.
   */
  private final class Swap implements HttpPipelinePolicy {

    private final String service;
    private final Predicate<String> onContainer;
    private final Map<String, Boolean> learned = new ConcurrentHashMap<>();

    Swap(String service, Predicate<String> onContainer) {
      this.service = service;
      this.onContainer = onContainer;
    }

    @Override
    public HttpPipelinePosition getPipelinePosition() {
      return HttpPipelinePosition.PER_RETRY; // after the SDK's own SAS policy
    }

    @Override
    public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
      Attempt attempt = first(context.getHttpRequest());
      HttpPipelineNextPolicy again = next.clone();
      return next.process().flatMap(response -> {
        if (!mismatched(response)) {
          return Mono.just(response);
        }
        response.close();
        otherToken(attempt);
        return again.process();
      });
    }

    @Override
    public HttpResponse processSync(HttpPipelineCallContext context, HttpPipelineNextSyncPolicy next) {
      Attempt attempt = first(context.getHttpRequest());
      HttpPipelineNextSyncPolicy again = next.clone();
      HttpResponse response = next.processSync();
      if (!mismatched(response)) {
        return response;
      }
      response.close();
      otherToken(attempt);
      return again.processSync();
    }

    /** After a mismatch: the other token, for this request and those of its kind from now on. */
    private void otherToken(Attempt attempt) {
      learned.put(attempt.kind(), !attempt.containers());
      attempt.request().setUrl(withToken(attempt.sent(), !attempt.containers()));
    }

    /** The request with the token its kind takes. */
    private Attempt first(HttpRequest request) {
      String path = request.getUrl().getPath();
      String shape = path.contains("/messages/") ? "message" : path.endsWith("/messages") ? "messages"
          : path.contains("/Tables") ? "tables" : path.endsWith("$batch") ? "batch" : "other";
      String kind = service + " " + request.getHttpMethod() + " " + shape;
      Attempt attempt = new Attempt(request, request.getUrl().toString(), kind, learned.getOrDefault(kind, onContainer.test(path)));
      request.setUrl(withToken(attempt.sent(), attempt.containers()));
      return attempt;
    }
  }

  /**
   * A request as the SDK made it ({@code sent}, with the objects' token), its kind (its method and
   * its path with the names taken out), and whether it goes with the containers' token.
   */
  private record Attempt(HttpRequest request, String sent, String kind, boolean containers) {}

  /** {@code url}, as the SDK made it with the objects' token, with the token of the pair chosen. */
  private String withToken(String url, boolean containers) {
    String token = objects.getSignature();
    String replacement = containers ? this.containers : token;
    int at = url.indexOf(token);
    return token.equals(replacement) || at < 0 ? url : url.substring(0, at) + replacement + url.substring(at + token.length());
  }

  private static boolean mismatched(HttpResponse response) {
    return response.getStatusCode() == 403 && "AuthorizationResourceTypeMismatch".equals(response.getHeaderValue(ERROR_CODE));
  }
}
