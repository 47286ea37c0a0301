-- Custom migration: PUBLIC chat memberships used to be made when a user first listed their chats; now they are
-- made when a PUBLIC chat is created and when a user is activated, so existing active users join every PUBLIC chat here.
insert or ignore into chat_members (chat_id, user_id, last_read_message_id)
select c.id, u.id, coalesce(c.last_message_id, 0) from chats c join users u on u.is_active = 1 where c.type = 'PUBLIC';
