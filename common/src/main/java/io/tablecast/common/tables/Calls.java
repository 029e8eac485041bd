package io.tablecast.common.tables;

import java.time.Duration;

/** How Tablecast calls the Azure SDK's synchronous table and queue clients. */
public final class Calls {

  /**
   * The timeout every call passes: none of its own. With one, the SDK runs the call on its shared
   * executor and waits for it there, a thread hand-off (and its CPU) per request. The clients'
   * response timeout bounds every attempt, and their retry policy the attempts ({@link AzureClients}).
   */
  public static final Duration NO_TIMEOUT = null;

  private Calls() {}
}
