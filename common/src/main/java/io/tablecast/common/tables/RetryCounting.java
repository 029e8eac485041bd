package io.tablecast.common.tables;

import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import reactor.core.publisher.Mono;

/**
 * Counts the Azure SDK's retries for the metrics ({@code tablecast.storage.retries}): a policy
 * before the retry policy marks each call, and one after it counts every attempt beyond a call's
 * first. Add both with {@link AzureClients}.
 */
public final class RetryCounting {

  private static final String ATTEMPTS = "tablecast.attempts";

  private RetryCounting() {}

  public static List<HttpPipelinePolicy> policies(MeterRegistry metrics) {
    Counter retries = Counter.builder("tablecast.storage.retries")
        .description("Storage requests the SDK sent again after a transient failure").register(metrics);
    HttpPipelinePolicy perCall = new HttpPipelinePolicy() {
      @Override
      public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
        context.setData(ATTEMPTS, new AtomicInteger());
        return next.process();
      }

      @Override
      public HttpPipelinePosition getPipelinePosition() {
        return HttpPipelinePosition.PER_CALL;
      }
    };
    HttpPipelinePolicy perRetry = new HttpPipelinePolicy() {
      @Override
      public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
        context.getData(ATTEMPTS).ifPresent(a -> {
          if (((AtomicInteger) a).incrementAndGet() > 1) {
            retries.increment();
          }
        });
        return next.process();
      }

      @Override
      public HttpPipelinePosition getPipelinePosition() {
        return HttpPipelinePosition.PER_RETRY;
      }
    };
    return List.of(perCall, perRetry);
  }
}
