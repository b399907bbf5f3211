#[derive(Debug)]
pub struct MoveError;
