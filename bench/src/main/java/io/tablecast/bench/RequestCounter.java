package io.tablecast.bench;

import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import java.util.concurrent.atomic.AtomicLong;
import reactor.core.publisher.Mono;

/** Counts the storage requests sent, retries included. */
final class RequestCounter implements HttpPipelinePolicy {

  private final AtomicLong requests = new AtomicLong();

  long count() {
    return requests.get();
  }

  @Override
  public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
    requests.incrementAndGet();
    return next.process();
  }

  @Override
  public HttpPipelinePosition getPipelinePosition() {
    return HttpPipelinePosition.PER_RETRY;
  }
}
