package io.tablecast.common.tables;

import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelineNextSyncPolicy;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import io.tablecast.common.config.ConfigException;
import io.tablecast.common.config.SasTokens;
import io.tablecast.common.config.StorageSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * Keeps a SAS (a token or a pair, {@link SasPair}) in step with its file ({@code TABLECAST_STORAGE_SAS_FILE}): before a
 * request, at most every {@link #EVERY}, the file is read again and a token that changed replaces
 * the one in use, so a SAS rotated in its file (a mounted secret, {@code tablecast sas --out})
 * is taken without a restart. A file that is empty or cannot be read keeps the token in use, with
 * a warning: a rotation half-done must not stop the service.
 */
final class SasFileRefresh implements HttpPipelinePolicy {

  /** How often the file is read again, at most. */
  static final Duration EVERY = Duration.ofSeconds(5);
  private static final Logger log = LoggerFactory.getLogger(SasFileRefresh.class);

  private final Path file;
  private final SasPair sas;
  private long nextRead;

  SasFileRefresh(Path file, SasPair sas) {
    this.file = file;
    this.sas = sas;
    this.nextRead = System.nanoTime() + EVERY.toNanos();
  }

  @Override
  public HttpPipelinePosition getPipelinePosition() {
    return HttpPipelinePosition.PER_CALL;
  }

  @Override
  public Mono<HttpResponse> process(HttpPipelineCallContext context, HttpPipelineNextPolicy next) {
    refreshIfDue();
    return next.process();
  }

  @Override
  public HttpResponse processSync(HttpPipelineCallContext context, HttpPipelineNextSyncPolicy next) {
    refreshIfDue();
    return next.processSync();
  }

  private synchronized void refreshIfDue() {
    long now = System.nanoTime();
    if (now - nextRead < 0) {
      return;
    }
    nextRead = now + EVERY.toNanos();
    try {
      String text = StorageSettings.sasIn(file);
      if (text.isEmpty()) {
        log.warn("The storage SAS file {} is empty; keeping the SAS in use", file);
        return;
      }
      SasTokens tokens = SasTokens.parse(text);
      if (sas.differs(tokens)) {
        sas.update(tokens);
        log.info("The storage SAS changed in {}: using the new one", file);
      }
    } catch (IOException | ConfigException e) {
      log.warn("Could not read the storage SAS file {} again ({}); keeping the SAS in use", file, e.getMessage());
    }
  }
}
