package io.tablecast.common.tables;

import com.azure.storage.common.StorageSharedKeyCredential;
import com.azure.storage.common.sas.AccountSasPermission;
import com.azure.storage.common.sas.AccountSasResourceType;
import com.azure.storage.common.sas.AccountSasService;
import com.azure.storage.common.sas.AccountSasSignatureValues;
import io.tablecast.common.config.StorageSettings;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Issues the views service's credentials (SPEC §7): an account SAS that can read and list, on
 * tables (queries) and queues (their depth, for {@code /status}), and do nothing else. Signed
 * with the account key, which the views service itself never sees.
 */
public final class ReadOnlySas {

  private ReadOnlySas() {}

  /** Storage settings for a reader: the endpoints of {@code connectionString}, and a read-only SAS valid for {@code validity}. */
  public static StorageSettings issue(String connectionString, Duration validity) {
    Map<String, String> parts = Arrays.stream(connectionString.split(";"))
        .filter(p -> p.contains("="))
        .collect(Collectors.toMap(p -> p.substring(0, p.indexOf('=')), p -> p.substring(p.indexOf('=') + 1), (a, b) -> b));
    String tables = required(parts, "TableEndpoint");
    AccountSasSignatureValues values = new AccountSasSignatureValues(
        OffsetDateTime.now(ZoneOffset.UTC).plus(validity),
        new AccountSasPermission().setReadPermission(true).setListPermission(true),
        new AccountSasService().setTableAccess(true).setQueueAccess(true),
        new AccountSasResourceType().setService(true).setContainer(true).setObject(true));
    String sas = values.generateSasQueryParameters(StorageSharedKeyCredential.fromConnectionString(connectionString)).encode();
    return StorageSettings.ofSas(tables, parts.get("QueueEndpoint"), sas);
  }

  private static String required(Map<String, String> parts, String name) {
    String value = parts.get(name);
    if (value == null) {
      throw new IllegalArgumentException("The connection string names no " + name);
    }
    return value;
  }
}
