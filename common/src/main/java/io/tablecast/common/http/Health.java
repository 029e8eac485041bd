package io.tablecast.common.http;

import java.util.Map;

/**
 * A service's answer to {@code GET /health}: up or not, with details for operators.
 *
 * @param up whether the service works; {@code false} makes {@code /health} answer 503
 */
public record Health(boolean up, Map<String, Object> details) {

  public static Health healthy() {
    return new Health(true, Map.of());
  }

  public String status() {
    return up ? "UP" : "DOWN";
  }
}
