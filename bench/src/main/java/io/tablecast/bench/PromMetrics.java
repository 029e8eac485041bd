package io.tablecast.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * One scrape of a service's Prometheus endpoint ({@code /metrics}), as series name with labels →
 * value, for the deltas between two scrapes.
 */
record PromMetrics(Map<String, Double> series) {

  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  static PromMetrics scrape(URI service) {
    HttpRequest request = HttpRequest.newBuilder(service.resolve("/metrics")).timeout(Duration.ofSeconds(10)).GET().build();
    try {
      HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IllegalStateException("GET /metrics answered " + response.statusCode());
      }
      return parse(response.body());
    } catch (IOException e) {
      throw new IllegalStateException("Could not scrape " + service, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  static PromMetrics parse(String text) {
    Map<String, Double> series = new HashMap<>();
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      int space = line.lastIndexOf(' ');
      try {
        series.put(line.substring(0, space).trim(), Double.parseDouble(line.substring(space + 1).trim()));
      } catch (NumberFormatException | StringIndexOutOfBoundsException e) {
        // not a sample line
      }
    }
    return new PromMetrics(series);
  }

  /** The sum of every series of this name (all label sets); 0 when absent. */
  double sum(String name) {
    double total = 0;
    for (Map.Entry<String, Double> e : series.entrySet()) {
      String key = e.getKey();
      if (key.equals(name) || key.startsWith(name + "{")) {
        total += e.getValue();
      }
    }
    return total;
  }

  /** The series of this name whose labels include {@code label="value"}; 0 when absent. */
  double get(String name, String label, String value) {
    double total = 0;
    for (Map.Entry<String, Double> e : series.entrySet()) {
      String key = e.getKey();
      if (key.startsWith(name + "{") && key.contains(label + "=\"" + value + "\"")) {
        total += e.getValue();
      }
    }
    return total;
  }

  /** How many series of this name there are (for gauges per partition). */
  long count(String name) {
    return series.keySet().stream().filter(k -> k.equals(name) || k.startsWith(name + "{")).count();
  }
}
