package io.tablecast.common.tables;

import com.azure.core.credential.AzureSasCredential;
import com.azure.core.http.HttpPipelineCallContext;
import com.azure.core.http.HttpPipelineNextPolicy;
import com.azure.core.http.HttpPipelineNextSyncPolicy;
import com.azure.core.http.HttpPipelinePosition;
import com.azure.core.http.HttpResponse;
import com.azure.core.http.policy.HttpPipelinePolicy;
import io.tablecast.common.config.StorageSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import reactor.core.publisher.Mono;

/**
 * Keeps a SAS credential in step with its file ({@code TABLECAST_STORAGE_SAS_FILE}): before a
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
  private final AzureSasCredential credential;
  private long nextRead;

  SasFileRefresh(Path file, AzureSasCredential credential) {
    this.file = file;
    this.credential = credential;
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
      String token = StorageSettings.sasIn(file);
      if (token.isEmpty()) {
        log.warn("The storage SAS file {} is empty; keeping the SAS in use", file);
      } else if (!token.equals(credential.getSignature())) {
        credential.update(token);
        log.info("The storage SAS changed in {}: using the new one", file);
      }
    } catch (IOException e) {
      log.warn("Could not read the storage SAS file {} again ({}); keeping the SAS in use", file, e.toString());
    }
  }
}
