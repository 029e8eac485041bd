package io.tablecast.common.tables;

/**
 * The properties of an entity that are the service's, not the application's: the keys, the
 * Timestamp, the ETag and every OData annotation. The SDK hands them back in an entity's property
 * map ({@code Version@odata.type} for an {@code Edm.Int64}, {@code odata.etag}); they must never
 * be written back as properties, nor compared.
 */
public final class SystemProperties {

  private SystemProperties() {}

  public static boolean isSystem(String name) {
    return name.equals("PartitionKey")
        || name.equals("RowKey")
        || name.equals("Timestamp")
        || name.startsWith("odata.")
        || name.contains("@odata.");
  }
}
