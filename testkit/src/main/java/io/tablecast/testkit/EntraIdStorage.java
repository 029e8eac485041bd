package io.tablecast.testkit;

import com.nimbusds.jose.util.JSONObjectUtils;
import io.tablecast.embedded.Azurite;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Azurite in OAuth mode and the managed identity whose tokens it takes ({@link EntraIdAzurite}):
 * what a service started as a child JVM needs to reach storage by Entra ID alone ({@link
 * #serviceEnv()}, {@link #jvmOptions()}), and plain HTTPS requests for tests to look at storage
 * with a token of their choice.
 */
public record EntraIdStorage(Azurite azurite, Azurite.OAuth oauth, TestManagedIdentity identity, HttpClient https) {

  /** The audience of Azure Storage's tokens, what {@code DefaultAzureCredential} asks for. */
  public static final String STORAGE_AUDIENCE = "https://storage.azure.com";
  private static final String API_VERSION = "2020-12-06";
  private static final Pattern QUEUE_NAME = Pattern.compile("<Name>([^<]+)</Name>");

  /** A status and a body from Azurite. */
  public record Answer(int status, String body) {}

  /** With an HTTPS client that trusts Azurite's certificate, built once for every request here. */
  public EntraIdStorage(Azurite azurite, Azurite.OAuth oauth, TestManagedIdentity identity) {
    this(azurite, oauth, identity,
        HttpClient.newBuilder().sslContext(oauth.keystore().trustingContext()).connectTimeout(Duration.ofSeconds(5)).build());
  }

  /**
   * The environment of a service that is to reach this storage through {@link #identity()} alone,
   * for {@link ChildJvm} (its {@code null} values remove inherited variables).
   */
  public Map<String, String> serviceEnv() {
    return serviceEnv(identity);
  }

  /** As {@link #serviceEnv()}, with tokens from {@code another} identity endpoint. */
  public Map<String, String> serviceEnv(TestManagedIdentity another) {
    return EntraIdAzurite.serviceEnv(azurite, another);
  }

  /** The JVM options that make a child JVM trust Azurite's certificate. */
  public List<String> jvmOptions() {
    return oauth.trustingJvmOptions();
  }

  /** {@code GET} {@code path} of the table endpoint, with {@code Authorization: Bearer <token>} if given. */
  public Answer getTables(String path, Optional<String> token) {
    return get(azurite.tableEndpoint() + path, token);
  }

  /** {@code GET} {@code path} of the queue endpoint, with {@code Authorization: Bearer <token>} if given. */
  public Answer getQueues(String path, Optional<String> token) {
    return get(azurite.queueEndpoint() + path, token);
  }

  /** The names of the tables that start with {@code prefix}, listed with a good token. */
  public List<String> tableNames(String prefix) {
    Answer answer = getTables("/Tables", Optional.of(identity.token(STORAGE_AUDIENCE)));
    check(answer, "list the tables");
    try {
      return java.util.Arrays.stream(JSONObjectUtils.getJSONObjectArray(JSONObjectUtils.parse(answer.body()), "value"))
          .map(table -> (String) table.get("TableName"))
          .filter(name -> name.toLowerCase(Locale.ROOT).startsWith(prefix.toLowerCase(Locale.ROOT)))
          .toList();
    } catch (java.text.ParseException e) {
      throw new IllegalStateException("Azurite's table listing is not JSON: " + answer.body(), e);
    }
  }

  /** The names of the queues that start with {@code prefix}, listed with a good token. */
  public List<String> queueNames(String prefix) {
    Answer answer = getQueues("?comp=list&prefix=" + prefix.toLowerCase(Locale.ROOT), Optional.of(identity.token(STORAGE_AUDIENCE)));
    check(answer, "list the queues");
    Matcher names = QUEUE_NAME.matcher(answer.body());
    return names.results().map(match -> match.group(1)).toList();
  }

  private static void check(Answer answer, String what) {
    if (answer.status() != 200) {
      throw new IllegalStateException("Could not " + what + ": " + answer.status() + " " + answer.body());
    }
  }

  private Answer get(String url, Optional<String> token) {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10))
        .header("Accept", "application/json;odata=nometadata")
        .header("x-ms-version", API_VERSION)
        .header("x-ms-date", DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC)));
    token.ifPresent(t -> request.header("Authorization", "Bearer " + t));
    try {
      HttpResponse<String> response = https.send(request.GET().build(), HttpResponse.BodyHandlers.ofString());
      return new Answer(response.statusCode(), response.body());
    } catch (IOException e) {
      throw new UncheckedIOException("GET " + url + " failed", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted: GET " + url, e);
    }
  }
}
