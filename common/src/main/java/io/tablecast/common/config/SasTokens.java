package io.tablecast.common.config;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The SAS a service presents, as {@code TABLECAST_STORAGE_SAS} or its file holds it: one token for
 * every request, or a pair (separated by a space or a new line) of account SASes, one for the
 * tables and queues themselves ({@code srt=c}: create, list, read a queue's depth) and one for
 * their rows and messages ({@code srt=o}). Only a pair can let a writer create its tables and
 * delete rows without letting it delete tables: an account SAS grants its permissions on every
 * resource type it names.
 *
 * @param containers the token for requests on tables and queues
 * @param objects the token for requests on rows and messages, and any other
 */
public record SasTokens(String containers, String objects) {

  /**
   * @throws ConfigException for more than two tokens, or two that are not one account SAS on
   *     containers alone and one on objects alone
   */
  public static SasTokens parse(String text) {
    List<String> tokens = Arrays.stream(text.strip().split("\\s+")).filter(token -> !token.isEmpty())
        .map(token -> token.startsWith("?") ? token.substring(1) : token).toList();
    if (tokens.isEmpty()) {
      throw new ConfigException("The storage SAS is empty");
    }
    if (tokens.size() == 1) {
      return new SasTokens(tokens.get(0), tokens.get(0));
    }
    if (tokens.size() > 2) {
      throw new ConfigException("The storage SAS holds " + tokens.size() + " tokens; give one, or two: one with srt=c and one with srt=o");
    }
    Optional<String> containers = tokens.stream().filter(token -> "c".equals(resourceTypes(token))).findFirst();
    Optional<String> objects = tokens.stream().filter(token -> "o".equals(resourceTypes(token))).findFirst();
    if (containers.isEmpty() || objects.isEmpty()) {
      throw new ConfigException("Two storage SAS tokens must be account SASes, one with srt=c (tables and queues) and one with srt=o "
          + "(rows and messages); these have srt=" + resourceTypes(tokens.get(0)) + " and srt=" + resourceTypes(tokens.get(1)));
    }
    return new SasTokens(containers.get(), objects.get());
  }

  /** Whether requests on tables and queues present a token of their own. */
  public boolean paired() {
    return !containers.equals(objects);
  }

  /** The tokens as a file or variable holds them: the pair on two lines. */
  public String text() {
    return paired() ? containers + "\n" + objects : objects;
  }

  /** The resource types an account SAS names ({@code srt}); empty for another kind of SAS. */
  private static String resourceTypes(String token) {
    return Arrays.stream(token.split("&")).filter(parameter -> parameter.startsWith("srt=")).map(parameter -> parameter.substring(4))
        .findFirst().orElse("");
  }
}
