package io.tablecast.common.tables;

import com.azure.data.tables.models.TableEntity;
import com.azure.data.tables.models.TableTransactionAction;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks an Entity Group Transaction against the real service's rules before it is sent.
 *
 * <p>Azurite accepts batches that the real service rejects: mixed PartitionKeys, and entities
 * over the 255-property limit (SPEC §8). Tablecast's code never builds such batches on purpose;
 * this guard makes sure a bug cannot pass the emulator and fail only in production.
 */
public final class EgtGuard {

  public static final int MAX_OPERATIONS = 100;
  /** What the rows of one EGT may add up to by {@link #estimatedBytes}: a margin under 4 MiB for the multipart framing. */
  public static final long MAX_ESTIMATED_BYTES = 3L * 1024 * 1024;
  /** 255 properties per entity, of which PartitionKey, RowKey and Timestamp are three. */
  public static final int MAX_USER_PROPERTIES = 252;

  private EgtGuard() {}

  /** Whether rows of these many operations and {@link #estimatedBytes} fit one EGT. */
  public static boolean fits(int operations, long estimatedBytes) {
    return operations <= MAX_OPERATIONS && estimatedBytes <= MAX_ESTIMATED_BYTES;
  }

  /** An upper bound of what a row adds to an EGT's body: its keys and properties as JSON, every character escaped. */
  public static long estimatedBytes(String rowKey, Map<String, Object> properties) {
    long bytes = 256 + 2L * rowKey.length();
    for (Map.Entry<String, Object> p : properties.entrySet()) {
      bytes += 64 + 2L * p.getKey().length() + (p.getValue() instanceof String s ? 6L * s.length() : 32);
    }
    return bytes;
  }

  /**
   * @throws IllegalArgumentException naming the first rule the batch breaks
   */
  public static void check(List<TableTransactionAction> actions) {
    if (actions.isEmpty() || actions.size() > MAX_OPERATIONS) {
      throw new IllegalArgumentException("An EGT holds 1 to " + MAX_OPERATIONS + " operations, not " + actions.size());
    }
    String partitionKey = actions.get(0).getEntity().getPartitionKey();
    Set<String> rowKeys = new HashSet<>();
    for (TableTransactionAction action : actions) {
      TableEntity entity = action.getEntity();
      if (!partitionKey.equals(entity.getPartitionKey())) {
        throw new IllegalArgumentException(
            "An EGT spans one partition; found '" + partitionKey + "' and '" + entity.getPartitionKey() + "'");
      }
      if (!rowKeys.add(entity.getRowKey())) {
        throw new IllegalArgumentException("Row '" + entity.getRowKey() + "' appears twice in one EGT");
      }
      long userProperties = entity.getProperties().keySet().stream().filter(name -> !SystemProperties.isSystem(name)).count();
      if (userProperties > MAX_USER_PROPERTIES) {
        throw new IllegalArgumentException(
            "Row '" + entity.getRowKey() + "' has " + userProperties + " properties; the limit is " + MAX_USER_PROPERTIES);
      }
    }
  }
}
