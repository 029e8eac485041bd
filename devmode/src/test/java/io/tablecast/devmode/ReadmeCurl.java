package io.tablecast.devmode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The README's "Try it" walkthrough as a test runs it: every curl command line of the {@code sh}
 * blocks of that section, in order, read as the shell and curl would read it. A command line this
 * class does not fully understand is refused rather than guessed at, so the README cannot drift
 * away from what the test checks.
 */
final class ReadmeCurl {

  private static final String SECTION = "## Try it";
  private static final Pattern SHOWN_STATUS = Pattern.compile("\"status\":(\\d{3})");
  private static final Pattern URL = Pattern.compile("(?:http://)?([^/\\s]+)(/\\S*)?");
  /** What the shell would expand, redirect or glob: this class does not interpret it. */
  private static final String SHELL_SPECIALS = "\\$`;|&<>()?*[";

  private ReadmeCurl() {}

  /** One command line of the walkthrough, and the status a comment right below it shows, if any. */
  record Step(String line, CurlCall call, OptionalInt shownStatus) {}

  /** What one curl command sends; {@code url} as written, for example {@code localhost:8081/employees}. */
  record CurlCall(String method, String url, Map<String, String> headers, Optional<String> body) {

    /** Reads {@code curl [-s] [-X METHOD] [-H 'Name: value']... [-d 'body'] URL}, in any order. */
    static CurlCall parse(String commandLine) {
      List<String> words = words(commandLine);
      if (words.isEmpty() || !words.get(0).equals("curl")) {
        throw unparsable(commandLine, "it is not a curl command");
      }
      String method = null;
      String url = null;
      Map<String, String> headers = new LinkedHashMap<>();
      Optional<String> body = Optional.empty();
      for (int i = 1; i < words.size(); i++) {
        String word = words.get(i);
        switch (word) {
          case "-s" -> { }
          case "-X" -> method = argument(commandLine, words, ++i);
          case "-H" -> header(commandLine, argument(commandLine, words, ++i), headers);
          case "-d" -> body = Optional.of(argument(commandLine, words, ++i));
          default -> {
            if (word.startsWith("-")) {
              throw unparsable(commandLine, "the option " + word + " is not one this test reads");
            }
            if (url != null || !URL.matcher(word).matches()) {
              throw unparsable(commandLine, "'" + word + "' is not the one URL");
            }
            url = word;
          }
        }
      }
      if (url == null) {
        throw unparsable(commandLine, "it has no URL");
      }
      if (body.isPresent()) {
        headers.putIfAbsent("Content-Type", "application/x-www-form-urlencoded"); // as curl -d does
      }
      return new CurlCall(method != null ? method : body.isPresent() ? "POST" : "GET", url, Map.copyOf(headers), body);
    }

    /** The request, sent to the server that {@code servers} names for the URL's host:port. */
    HttpRequest.Builder request(Map<String, URI> servers) {
      Matcher url = URL.matcher(this.url);
      if (!url.matches() || !servers.containsKey(url.group(1))) {
        throw new IllegalArgumentException("No server for " + this.url + "; known are " + servers.keySet());
      }
      HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(servers.get(url.group(1)) + Optional.ofNullable(url.group(2)).orElse("/")))
          .method(method, body.map(HttpRequest.BodyPublishers::ofString).orElse(HttpRequest.BodyPublishers.noBody()));
      headers.forEach(request::header);
      return request;
    }
  }

  /** The walkthrough of the README of this repository. */
  static List<Step> tryIt() {
    try {
      return tryIt(Files.readString(RepositoryRoot.resolve("README.md")));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The walkthrough of {@code readme}: its "Try it" section's sh blocks, continuation lines joined. */
  static List<Step> tryIt(String readme) {
    List<Step> steps = new ArrayList<>();
    boolean belowACall = false;
    for (String line : commandLines(section(readme))) {
      if (line.isBlank()) {
        belowACall = false;
      } else if (line.startsWith("#")) {
        Matcher shown = SHOWN_STATUS.matcher(line);
        if (belowACall && shown.find()) {
          Step call = steps.remove(steps.size() - 1);
          steps.add(new Step(call.line(), call.call(), OptionalInt.of(Integer.parseInt(shown.group(1)))));
        }
      } else {
        steps.add(new Step(line, CurlCall.parse(line), OptionalInt.empty()));
        belowACall = true;
      }
    }
    if (steps.isEmpty()) {
      throw new IllegalArgumentException("The README's " + SECTION + " section has no curl command");
    }
    return steps;
  }

  private static List<String> section(String readme) {
    List<String> lines = readme.lines().toList();
    int start = lines.indexOf(SECTION);
    if (start < 0) {
      throw new IllegalArgumentException("The README has no " + SECTION + " section");
    }
    int end = start + 1;
    while (end < lines.size() && !lines.get(end).startsWith("## ")) {
      end++;
    }
    return lines.subList(start + 1, end);
  }

  /** The lines of the section's sh blocks, trimmed, with each backslash-continued line joined to the next. */
  private static List<String> commandLines(List<String> section) {
    List<String> commands = new ArrayList<>();
    boolean inSh = false;
    StringBuilder pending = new StringBuilder();
    for (String line : section) {
      if (line.startsWith("```")) {
        inSh = !inSh && line.equals("```sh");
      } else if (inSh && line.endsWith("\\")) {
        pending.append(line, 0, line.length() - 1);
      } else if (inSh) {
        commands.add(pending.append(line).toString().trim());
        pending.setLength(0);
      }
    }
    return commands;
  }

  /** The shell's words of {@code line}: quotes removed, a comment cut off. */
  private static List<String> words(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = null;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\'' || c == '"') {
        int end = line.indexOf(c, i + 1);
        if (end < 0) {
          throw unparsable(line, "a quote is not closed");
        }
        String quoted = line.substring(i + 1, end);
        if (c == '"' && quoted.chars().anyMatch(q -> "\\$`".indexOf(q) >= 0)) {
          throw unparsable(line, "a double-quoted word holds what the shell would expand");
        }
        word = (word == null ? new StringBuilder() : word).append(quoted);
        i = end;
      } else if (Character.isWhitespace(c)) {
        if (word != null) {
          words.add(word.toString());
          word = null;
        }
      } else if (c == '#' && word == null) {
        break;
      } else if (SHELL_SPECIALS.indexOf(c) >= 0) {
        throw unparsable(line, "'" + c + "' is outside quotes");
      } else {
        word = (word == null ? new StringBuilder() : word).append(c);
      }
    }
    if (word != null) {
      words.add(word.toString());
    }
    return words;
  }

  private static String argument(String line, List<String> words, int index) {
    if (index >= words.size()) {
      throw unparsable(line, words.get(index - 1) + " has no value");
    }
    return words.get(index);
  }

  private static void header(String line, String header, Map<String, String> headers) {
    int colon = header.indexOf(':');
    if (colon < 1) {
      throw unparsable(line, "the header '" + header + "' is not 'Name: value'");
    }
    headers.put(header.substring(0, colon).trim(), header.substring(colon + 1).trim());
  }

  private static IllegalArgumentException unparsable(String line, String why) {
    return new IllegalArgumentException("Cannot run the README line, as " + why + ": " + line);
  }
}
