package io.tablecast.common.kafka;

import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/** A record's headers as a projection's decoder sees them ({@link io.tablecast.projection.EventDecoder}). */
public final class RecordHeaders {

  private RecordHeaders() {}

  /** The last value of each header name. */
  public static Map<String, byte[]> lastValues(Headers headers) {
    Map<String, byte[]> values = new HashMap<>();
    if (headers != null) {
      for (Header header : headers) {
        values.put(header.key(), header.value());
      }
    }
    return values;
  }
}
