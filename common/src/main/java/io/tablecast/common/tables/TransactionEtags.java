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
  private static final String STATUS = "HTTP/1.1 ";
  private static final String ETAG = "etag:";

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

  /**
   * The ETag header of each sub-response of a batch answer, in order; null where there is none.
   * One pass over the answer, which for a transaction of 100 inserts is tens of kilobytes: a
   * sub-response starts with a status line ({@code HTTP/1.1 …} at the start of a line), and its
   * headers end at the first empty line; its body is skipped.
   */
  static List<String> parse(String body) {
    List<String> etags = new ArrayList<>();
    for (int status = statusLine(body, 0); status >= 0; ) {
      String etag = null;
      int line = lineAfter(body, status);
      while (line < body.length()) {
        int end = body.indexOf('\n', line);
        end = end < 0 ? body.length() : end;
        int contentEnd = end > line && body.charAt(end - 1) == '\r' ? end - 1 : end;
        if (contentEnd == line) {
          break; // the empty line after the headers
        }
        if (body.regionMatches(true, line, ETAG, 0, ETAG.length())) {
          etag = body.substring(line + ETAG.length(), contentEnd).strip();
        }
        line = end + 1;
      }
      etags.add(etag);
      status = statusLine(body, line);
    }
    return etags;
  }

  /** Where the next status line starts, at or after {@code from}; -1 if there is none. */
  private static int statusLine(String body, int from) {
    for (int at = body.indexOf(STATUS, from); at >= 0; at = body.indexOf(STATUS, at + 1)) {
      if (at > 0 && body.charAt(at - 1) == '\n') {
        return at;
      }
    }
    return -1;
  }

  /** Where the line after the one at {@code at} starts; the body's length if there is none. */
  private static int lineAfter(String body, int at) {
    int newline = body.indexOf('\n', at);
    return newline < 0 ? body.length() : newline + 1;
  }
}
