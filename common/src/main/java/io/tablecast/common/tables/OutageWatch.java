package io.tablecast.common.tables;

import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import io.tablecast.common.lifecycle.Outage;
import reactor.core.publisher.Mono;

/**
 * Tells an {@link Outage} of every attempt at the storage service, retries included: a response
 * below 500 means it answers; no response, or a 5xx, means it does not. So a service logs an
 * outage of the storage account once, however many of its threads and retries run into it.
 */
final class OutageWatch implements HttpPipelinePolicy {

  private final Outage outage;

  OutageWatch(Outage outage) {
    this.outage = outage;
  }

  @Override
  public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
    return next.process()
        .doOnNext(response -> {
          if (response.getStatusCode() < 500) {
            outage.answered();
          } else {
            outage.failed(response.getStatusCode() + " from " + context.getHttpRequest().getUrl().getHost());
          }
        })
        .doOnError(e -> outage.failed(e.getClass().getSimpleName() + ": " + firstLine(e.getMessage())));
  }

  @Override
  public HttpPipelinePosition getPipelinePosition() {
    return HttpPipelinePosition.PER_RETRY;
  }

  private static String firstLine(String text) {
    return text == null ? "" : text.lines().findFirst().orElse("");
  }
}
