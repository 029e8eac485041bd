package io.tablecast.common.tables;

import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelineNextSyncPolicy;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import reactor.core.publisher.Mono;

/**
 * The new ETag of each operation of an Entity Group Transaction, which the service sends in the
 * answer's sub-responses and the SDK drops ({@code TableTransactionActionResponse} has no headers
 * there). A writer that wants them passes {@link #collect} as the call's context; the policy then
 * reads the answer's multipart body once, in the order of the operations, and hands the ETags over.
 * Calls without that context pass through untouched.
 */
final class TransactionEtags implements HttpPipelinePolicy {

  private static final String KEY = "tablecast.transaction-etags";

  /**
   * A context that collects the ETags of the transaction it is passed to: {@code sink} receives
   * one per sub-response, in order, null for one that carries none (a delete), once the
   * transaction was answered.
   */
  static Context collect(Consumer<List<String>> sink) {
    return new Context(KEY, sink);
  }

  @Override
  public HttpPipelinePosition getPipelinePosition() {
    return HttpPipelinePosition.PER_CALL;
  }

  @Override
  public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
    return context.getData(KEY).isEmpty() ? next.process() : next.process().map(response -> hand(context, response));
  }

  @Override
  public HttpResponse processSync(HttpPipelineCallContext context, HttpPipelineNextSyncPolicy next) {
    return context.getData(KEY).isEmpty() ? next.processSync() : hand(context, next.processSync());
  }

  @SuppressWarnings("unchecked")
  private static HttpResponse hand(HttpPipelineCallContext context, HttpResponse response) {
    if (response.getStatusCode() != 202) {
      return response;
    }
    HttpResponse buffered = response.buffer();
    BinaryData body = buffered.getBodyAsBinaryData();
    ((Consumer<List<String>>) context.getData(KEY).orElseThrow()).accept(parse(body == null ? "" : body.toString()));
    return buffered;
  }

  /** The ETag header of each sub-response of a batch answer, in order; null where there is none. */
  static List<String> parse(String body) {
    List<String> etags = new ArrayList<>();
    String[] parts = body.split("\r?\nHTTP/1\\.1 ");
    for (int i = 1; i < parts.length; i++) {
      String etag = null;
      for (String line : parts[i].split("\r?\n")) {
        if (line.isEmpty()) {
          break;
        }
        if (line.toLowerCase(Locale.ROOT).startsWith("etag:")) {
          etag = line.substring("etag:".length()).strip();
        }
      }
      etags.add(etag);
    }
    return etags;
  }
}
