package io.tablecast.common.tables;

import com.azure.core.exception.HttpResponseException;
import io.tablecast.common.config.StorageSettings;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A deployable's start against storage: it logs which kind of credential the process uses (never
 * the secret), and when storage refuses it (401 or 403, which no retry cures), the process ends at
 * once with exit code 1 and one ERROR line that names the credential, what storage answered and
 * what to check, instead of a stack trace.
 */
public final class RefusedCredential {

  static final int EXIT_CODE = 1;
  private static final Logger log = LoggerFactory.getLogger(RefusedCredential.class);

  private RefusedCredential() {}

  /** Runs {@code start} for a {@code main}; exits the JVM if storage refuses the credential of {@code storage}. */
  public static <T> T exitIfRefused(String service, StorageSettings storage, Supplier<T> start) {
    log.info("{}: reaching Azure Storage with {}", service, storage);
    try {
      return start.get();
    } catch (RuntimeException e) {
      Optional<HttpResponseException> refusal = StorageErrors.refusal(e);
      if (refusal.isEmpty()) {
        throw e;
      }
      HttpResponseException http = refusal.get();
      log.error("The {} cannot start: Azure Storage refused its credential ({}) with {} {}; check {}. Storage said: {}", service,
          storage.auth().configName(), http.getResponse().getStatusCode(),
          Optional.ofNullable(http.getResponse().getHeaderValue("x-ms-error-code")).orElse(""), hint(storage.auth()),
          String.valueOf(http.getMessage()).replaceAll("\\s+", " "));
      System.exit(EXIT_CODE);
      throw e; // not reached
    }
  }

  private static String hint(StorageSettings.Auth auth) {
    return switch (auth) {
      case ENTRA_ID -> "the identity that DefaultAzureCredential finds: its tokens must be for https://storage.azure.com, "
          + "and it needs the service's roles on the account (README, Storage access)";
      case SAS -> "the SAS: its expiry, services (tq), resource types and permissions (README, Storage access)";
      case CONNECTION_STRING -> "the account name and key of TABLECAST_STORAGE_CONNECTION_STRING";
    };
  }
}
