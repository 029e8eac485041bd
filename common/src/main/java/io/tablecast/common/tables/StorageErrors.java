package io.tablecast.common.tables;

import com.azure.core.exception.HttpResponseException;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

/** How storage failures read, wherever they surface: the service unavailable, or the request at fault. */
public final class StorageErrors {

  private StorageErrors() {}

  /**
   * Whether retrying later may cure it: the service unreachable, slow or throttling (a lost
   * connection, a timeout, 408, 429, 5xx), as the SDK's retry policy gave up on it. A 4xx other
   * than 408 and 429 is a property of the request and stays a failure however often it is sent.
   */
  public static boolean unavailable(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof HttpResponseException http && http.getResponse() != null) {
        int status = http.getResponse().getStatusCode();
        return status == 408 || status == 429 || status >= 500;
      }
      if (t instanceof IOException || t instanceof TimeoutException) {
        return true;
      }
    }
    return false;
  }

  /**
   * The answer in {@code failure}'s causes that refuses the credential, 401 or 403: a property of
   * the credential, which no retry cures.
   */
  public static Optional<HttpResponseException> refusal(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof HttpResponseException http && http.getResponse() != null) {
        int status = http.getResponse().getStatusCode();
        return status == 401 || status == 403 ? Optional.of(http) : Optional.empty();
      }
    }
    return Optional.empty();
  }
}
