package io.tablecast.testkit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A small JSON-over-HTTP client for tests of the Tablecast services. Thread-safe. */
public final class HttpTestClient {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final URI base;

  public HttpTestClient(URI base) {
    this.base = base;
  }

  /** The service's address, for example {@code http://127.0.0.1:8081}. */
  public URI base() {
    return base;
  }

  /** A response, with the body parsed when it is JSON. */
  public record Response(int status, HttpResponse<String> raw) {

    public JsonNode json() {
      try {
        return JSON.readTree(raw.body());
      } catch (IOException e) {
        throw new UncheckedIOException("Not JSON: " + raw.body(), e);
      }
    }

    public String header(String name) {
      return raw.headers().firstValue(name).orElse(null);
    }

    public String contentType() {
      return header("Content-Type");
    }
  }

  /** A request to {@code path} on this client's server, to finish and {@link #send}. */
  public HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(base.resolve(path));
  }

  public Response get(String path) {
    return send(HttpRequest.newBuilder(base.resolve(path)).GET());
  }

  public Response postJson(String path, String json) {
    return send(HttpRequest.newBuilder(base.resolve(path))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(json)));
  }

  public Response send(HttpRequest.Builder request) {
    try {
      HttpResponse<String> response = client.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
      return new Response(response.statusCode(), response);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
