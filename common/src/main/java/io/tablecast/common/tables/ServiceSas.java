package io.tablecast.common.tables;

import com.azure.storage.common.StorageSharedKeyCredential;
import com.azure.storage.common.sas.AccountSasPermission;
import com.azure.storage.common.sas.AccountSasResourceType;
import com.azure.storage.common.sas.AccountSasService;
import com.azure.storage.common.sas.AccountSasSignatureValues;
import com.azure.storage.common.sas.SasProtocol;
import io.tablecast.common.config.SasTokens;
import io.tablecast.common.config.StorageSettings;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Issues a service's own storage credentials (SPEC §7, README "Storage access"): an account SAS
 * on the table and queue services only, never blobs, with the rights that service needs. Signed
 * with the account key, which the service given the SAS never sees. Over HTTPS endpoints the SAS
 * is good for HTTPS only ({@code spr=https}); it reaches tables and queues and their entries, never
 * the service's own properties.
 *
 * <ul>
 *   <li>{@link #readOnly}: the views service's. Read and list: queries, queue depths and peeks.
 *   <li>{@link #readWrite}: the projector's and the workers', a pair ({@link SasTokens}): on tables
 *       and queues, create, read and list, never delete; on rows and messages, also write and
 *       delete entities, and send, update and process messages. So a writer cannot delete a table
 *       or a queue: only the operator's credential (a rebuild dropping a generation) can.
 * </ul>
 */
public final class ServiceSas {

  private ServiceSas() {}

  /** Storage settings for a reader: the endpoints of {@code connectionString}, and a read-only SAS valid for {@code validity}. */
  public static StorageSettings readOnly(String connectionString, Duration validity) {
    Map<String, String> parts = parts(connectionString);
    return StorageSettings.ofSas(required(parts, "TableEndpoint"), parts.get("QueueEndpoint"),
        sign(connectionString, parts, "rl", new AccountSasResourceType().setContainer(true).setObject(true), validity));
  }

  /** Storage settings for a writer of tables and queues, with a pair of SASes valid for {@code validity}. */
  public static StorageSettings readWrite(String connectionString, Duration validity) {
    Map<String, String> parts = parts(connectionString);
    SasTokens pair = new SasTokens(sign(connectionString, parts, "rlacup", new AccountSasResourceType().setContainer(true), validity),
        sign(connectionString, parts, "rwdlaup", new AccountSasResourceType().setObject(true), validity));
    return StorageSettings.ofSas(required(parts, "TableEndpoint"), parts.get("QueueEndpoint"), pair.text());
  }

  /**
   * An account SAS on the table and queue services, for {@code resourceTypes}: tables and queues
   * (containers), their entities and messages (objects), never the service itself, whose
   * properties a writer's 'w' would otherwise let it set.
   */
  private static String sign(String connectionString, Map<String, String> parts, String permissions, AccountSasResourceType resourceTypes,
      Duration validity) {
    AccountSasSignatureValues values = new AccountSasSignatureValues(
        OffsetDateTime.now(ZoneOffset.UTC).plus(validity),
        AccountSasPermission.parse(permissions),
        new AccountSasService().setTableAccess(true).setQueueAccess(true),
        resourceTypes);
    if (required(parts, "TableEndpoint").startsWith("https:")) {
      values.setProtocol(SasProtocol.HTTPS_ONLY);
    }
    return values.generateSasQueryParameters(StorageSharedKeyCredential.fromConnectionString(connectionString)).encode();
  }

  private static Map<String, String> parts(String connectionString) {
    return Arrays.stream(connectionString.split(";"))
        .filter(p -> p.contains("="))
        .collect(Collectors.toMap(p -> p.substring(0, p.indexOf('=')), p -> p.substring(p.indexOf('=') + 1), (a, b) -> b));
  }

  private static String required(Map<String, String> parts, String name) {
    String value = parts.get(name);
    if (value == null) {
      throw new IllegalArgumentException("The connection string names no " + name);
    }
    return value;
  }
}
