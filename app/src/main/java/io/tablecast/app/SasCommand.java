package io.tablecast.app;

import io.tablecast.common.config.ConfigException;
import io.tablecast.common.config.Env;
import io.tablecast.common.config.StorageSettings;
import io.tablecast.common.tables.ServiceSas;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code tablecast sas --for SERVICE}: issues a service's storage credential (SPEC §7), a SAS on
 * tables and queues with that service's rights ({@link ServiceSas}), signed with the account key
 * of {@code TABLECAST_STORAGE_CONNECTION_STRING}. The compose demo runs it once per kind of
 * service at start, so that no service container sees the key: each reads its token from the file
 * written here ({@code TABLECAST_STORAGE_SAS_FILE}). The file is replaced in one rename, never
 * seen half-written.
 */
@Command(
    name = "sas",
    mixinStandardHelpOptions = true,
    description = {
        "Issues a service's SAS on tables and queues, from the account key of TABLECAST_STORAGE_CONNECTION_STRING.",
        "views: read and list only.",
        "projector, worker: two tokens, one per line: one on tables and queues (create, read, list; never delete), one on their rows "
            + "and messages (read, write, delete, add, update, process)."})
final class SasCommand implements Callable<Integer> {

  /** Whose credential: the rights follow the service. */
  enum Service {
    views, projector, worker;

    StorageSettings issue(String connectionString, Duration validity) {
      return this == views ? ServiceSas.readOnly(connectionString, validity) : ServiceSas.readWrite(connectionString, validity);
    }
  }

  private final Env env;

  @Spec
  CommandSpec spec;

  @Option(names = "--for", required = true, paramLabel = "SERVICE",
      description = "The service it is for: ${COMPLETION-CANDIDATES}.")
  Service service;

  @Option(names = "--valid-for", defaultValue = "1d", paramLabel = "DURATION",
      description = "How long the SAS is valid, e.g. 12h or 30d (default: ${DEFAULT-VALUE}).")
  String validFor;

  @Option(names = "--out", paramLabel = "FILE",
      description = "Writes the token to FILE (for TABLECAST_STORAGE_SAS_FILE) instead of printing it.")
  Path out;

  SasCommand() {
    this(Env.system());
  }

  /** Signing with the account key that {@code env} gives, instead of the process's variables. */
  SasCommand(Env env) {
    this.env = env;
  }

  @Override
  public Integer call() throws IOException {
    Duration validity = validity();
    StorageSettings owner;
    try {
      owner = StorageSettings.fromEnv(env);
    } catch (ConfigException e) {
      System.err.println(e.getMessage());
      return 2;
    }
    if (owner.auth() != StorageSettings.Auth.CONNECTION_STRING) {
      System.err.println("sas signs with an account key: set TABLECAST_STORAGE_CONNECTION_STRING");
      return 2;
    }
    String token = service.issue(owner.connectionString().orElseThrow(), validity).sasToken().orElseThrow();
    if (out == null) {
      System.out.println(token);
      return 0;
    }
    write(out, token);
    System.out.printf("SAS for the %s written to %s, valid until %s.%n", service, out,
        OffsetDateTime.now(ZoneOffset.UTC).plus(validity).truncatedTo(ChronoUnit.SECONDS));
    return 0;
  }

  private Duration validity() {
    Duration validity;
    if (validFor.matches("\\d+d")) {
      validity = Duration.ofDays(Long.parseLong(validFor.substring(0, validFor.length() - 1)));
    } else {
      try {
        validity = Env.parseDuration("--valid-for", validFor);
      } catch (ConfigException e) {
        throw new ParameterException(spec.commandLine(), e.getMessage());
      }
    }
    if (validity.isNegative() || validity.isZero()) {
      throw new ParameterException(spec.commandLine(), "--valid-for must be positive, was '" + validFor + "'");
    }
    return validity;
  }

  private static void write(Path file, String token) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    // Readable by all: the views may run as another user than this command. Only the views mount it.
    Path staged = Files.createTempFile(dir, ".sas", ".tmp",
        PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-r--r--")));
    Files.writeString(staged, token + "\n");
    Files.move(staged, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
