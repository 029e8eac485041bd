package io.tablecast.viewstore.adapter.out.tables;

import com.azure.core.exception.HttpResponseException;
import com.azure.data.tables.models.TableServiceError;
import com.azure.data.tables.models.TableServiceException;
import com.azure.storage.queue.models.QueueStorageException;
import io.tablecast.common.tables.StorageErrors;
import io.tablecast.viewstore.application.FailureClassifier;

/**
 * How storage failures read. Retrying may cure those the SDK's retry policy gave up on
 * (throttling, server errors, timeouts, lost connections); a 4xx other than 408 and 429 is a
 * property of the request and stays a failure however often it is sent.
 */
public final class AzureFailures implements FailureClassifier {

  public static final AzureFailures INSTANCE = new AzureFailures();

  private AzureFailures() {}

  @Override
  public boolean isTransient(Throwable failure) {
    return StorageErrors.unavailable(failure);
  }

  @Override
  public String describe(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof HttpResponseException) {
        return describeResponse((HttpResponseException) t);
      }
    }
    return failure.getClass().getSimpleName() + ": " + firstLine(failure.getMessage());
  }

  private static String describeResponse(HttpResponseException failure) {
    if (failure instanceof TableServiceException e && e.getValue() != null) {
      TableServiceError error = e.getValue();
      String status = e.getResponse() == null ? "" : e.getResponse().getStatusCode() + " ";
      return status + error.getErrorCode() + ": " + firstLine(error.getErrorMessage());
    }
    String status = failure.getResponse() == null ? "" : failure.getResponse().getStatusCode() + " ";
    if (failure instanceof QueueStorageException e && e.getErrorCode() != null) {
      return status + e.getErrorCode();
    }
    return status + firstLine(failure.getMessage());
  }

  private static String firstLine(String text) {
    return text == null ? "" : text.lines().findFirst().orElse("");
  }
}
