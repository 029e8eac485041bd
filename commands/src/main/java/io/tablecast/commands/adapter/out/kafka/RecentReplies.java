package io.tablecast.commands.adapter.out.kafka;

import io.tablecast.commands.application.Reply;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The last answers seen, by command id: a retry that learns its original is still running may
 * start waiting just after the original's answer went by. Bounded; thread-safe.
 */
final class RecentReplies {

  private final Map<String, Reply> replies;

  RecentReplies(int capacity) {
    this.replies = new LinkedHashMap<>(capacity, 0.75f, false) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, Reply> eldest) {
        return size() > capacity;
      }
    };
  }

  synchronized void add(String commandId, Reply reply) {
    replies.put(commandId, reply);
  }

  synchronized Optional<Reply> get(String commandId) {
    return Optional.ofNullable(replies.get(commandId));
  }
}
